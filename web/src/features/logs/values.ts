// A change log's before/after as a person reads it. The values are the records as their
// areas logged them (API fields or stored columns): yes/no for a flag, a reference by its
// name, a list joined, a day or a time in the interface language (Buddhist era in Thai).
import { formatDate, formatDateTime } from '@/lib/dates';
import { localName } from '@/lib/names';

type Named = { code?: string; nameTh?: string; nameEn?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export type Translate = (key: string) => string;

/** One value: '' when there is none. */
export function showValue(value: unknown, lang: string, timeZone: string, t: Translate): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return t(value ? 'value.yes' : 'value.no');
  if (Array.isArray(value)) return value.map((v) => showValue(v, lang, timeZone, t)).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const r = value as Named;
    const name = localName(r, lang);
    if (name || r.code) return name || r.code || '';
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [detailKey(k, t), showValue(v, lang, timeZone, t)])
      .filter(([, v]) => v !== '')
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
  }
  const s = String(value);
  if (s === 'ALL') return t('value.all');
  // a day is a day wherever the browser is: read at noon UTC, shown in UTC
  if (DAY.test(s)) return formatDate(`${s}T12:00:00Z`, lang, 'UTC');
  if (TIME.test(s)) return formatDateTime(s, lang, timeZone);
  return s;
}

/** A detail's key by its label (`detailKey.<key>` of the log texts), the key itself when it has none. */
function detailKey(key: string, t: Translate): string {
  const label = t(`detailKey.${key}`);
  return label === `detailKey.${key}` || label === '' ? key : label;
}

/** An activity's detail in one line: `label: value` pairs, none when it is empty. */
export function showDetail(detail: Record<string, unknown> | null | undefined, lang: string, timeZone: string, t: Translate): string {
  if (!detail) return '';
  return Object.entries(detail)
    .map(([k, v]) => [detailKey(k, t), showValue(v, lang, timeZone, t)])
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}: ${v}`)
    .join(' · ');
}
