// A change record's before/after as a person reads it: a reference by its name, a list
// joined, a day or a time in the interface language (Buddhist era in Thai), a fixed value by
// its label. The values are the patient's fields as the API shows them.
import { formatDate, formatDateTime } from '@/lib/dates';
import { localName } from '@/lib/names';

type Named = { code?: string; nameTh?: string; nameEn?: string };

/** The fields whose values are fixed lists translated under `enum.<field>` of patients.json. */
const ENUM_FIELDS = ['gender', 'patientLanguage', 'cardLanguage', 'visitStatus', 'hospitalStatus'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export type Translate = (key: string, opts?: Record<string, unknown>) => string;

/** One value of a field: '' when there is none. */
export function showValue(field: string, value: unknown, lang: string, timeZone: string, t: Translate): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((v) => showValue(field, v, lang, timeZone, t)).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const r = value as Named;
    const name = localName(r, lang);
    return name || r.code || '';
  }
  if (field === 'textureDrink' || field === 'textureFood') return t('enum.texture', { level: value });
  const s = String(value);
  if (ENUM_FIELDS.includes(field)) return t(`enum.${field}.${s}`, { defaultValue: s });
  // a day is a day wherever the browser is: read at noon UTC, shown in UTC
  if (DAY.test(s)) return showDay(s, lang);
  if (TIME.test(s)) return formatDateTime(s, lang, timeZone);
  return s;
}

/** A `YYYY-MM-DD` day in the interface language ('22 พ.ย. 2569'), whatever the browser's zone. */
export function showDay(s: string | null | undefined, lang: string): string {
  return s ? formatDate(`${s}T12:00:00Z`, lang, 'UTC') : '';
}
