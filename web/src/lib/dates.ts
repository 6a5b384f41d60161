// Dates as Thai staff read them: Buddhist-era years in Thai (2569 for 2026), Gregorian in
// English; times in the branch's time zone (Asia/Bangkok unless the branch says otherwise).
import thPicker from 'antd/es/date-picker/locale/th_TH';
import dayjs, { type Dayjs, type PluginFunc } from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/th';
import 'dayjs/locale/en';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(buddhistEra);
dayjs.extend(customParseFormat);

/**
 * Reads a Buddhist-era year (BBBB) in a parse format: dayjs formats BBBB but does not parse
 * it, so a date typed into a Thai picker ('25/01/2570') was read in the current year or
 * refused. The year is turned into the Gregorian one and BBBB into YYYY before the parse.
 */
const parseBuddhistEra: PluginFunc = (_option, Dayjs) => {
  const proto = Dayjs.prototype as unknown as { parse: (cfg: { date: unknown; args: unknown[] }) => void };
  const parse = proto.parse;
  proto.parse = function (cfg) {
    const [input, format, ...rest] = cfg.args ?? [];
    if (typeof input === 'string' && typeof format === 'string') {
      const at = format.indexOf('BBBB');
      const year = at >= 0 ? input.slice(at, at + 4) : '';
      if (/^\d{4}$/.test(year)) {
        const date = input.slice(0, at) + String(Number(year) - 543) + input.slice(at + 4);
        cfg.date = date;
        cfg.args = [date, format.replace('BBBB', 'YYYY'), ...rest];
      }
    }
    parse.call(this, cfg);
  };
};
dayjs.extend(parseBuddhistEra);

export const DEFAULT_TIME_ZONE = 'Asia/Bangkok';

type DateInput = string | number | Date | dayjs.Dayjs;

// One Intl formatter per time zone, made once: dayjs's `.tz()` makes the zone's wall clock
// through toLocaleString at every call, about 50 ms of a 20-row order list's render at 4x
// CPU (issue 28 §3).
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    zoneFormats.set(timeZone, f);
  }
  return f;
}

/**
 * The wall clock of `value` in the zone, as a dayjs in UTC mode holding that clock (for
 * formatting: its year, month, day, hours and minutes are the zone's).
 */
function at(value: DateInput, timeZone: string): dayjs.Dayjs {
  const d = typeof value === 'number' && value < 1e11 ? dayjs.unix(value) : dayjs(value);
  if (!d.isValid()) return d;
  const parts: Record<string, number> = {};
  for (const p of zoneFormat(timeZone || DEFAULT_TIME_ZONE).formatToParts(d.valueOf())) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return dayjs.utc(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, d.millisecond()));
}

/**
 * Today (`YYYY-MM-DD`) in the branch's time zone (Asia/Bangkok unless the branch says
 * otherwise), whatever zone the device's clock is set to: the one source of every default
 * date (a report's day, a list's day, a range ending today). Mirrors pkg/day on the server.
 */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE): string {
  return at(Date.now(), timeZone).format('YYYY-MM-DD');
}

/** The time of day now in the branch, 'HH:mm' (which of the day's meals are still to come). */
export function timeIn(timeZone: string = DEFAULT_TIME_ZONE): string {
  return at(Date.now(), timeZone).format('HH:mm');
}

/** The branch's today as a date picker's value: that calendar day (at the device's midnight, as pickers hold days). */
export function pickerToday(timeZone: string = DEFAULT_TIME_ZONE): Dayjs {
  return dayjs(todayIn(timeZone), 'YYYY-MM-DD');
}

/** '22 พ.ย. 2569' in Thai, '22 Nov 2026' in English. Numbers below 1e11 are epoch seconds. */
export function formatDate(value: DateInput, lang: string, timeZone = DEFAULT_TIME_ZONE): string {
  const d = at(value, timeZone).locale(lang === 'th' ? 'th' : 'en');
  return lang === 'th' ? d.format('D MMM BBBB') : d.format('D MMM YYYY');
}

/** '22 พ.ย. 2569 09:05' in Thai, '22 Nov 2026 09:05' in English (24-hour clock). */
export function formatDateTime(value: DateInput, lang: string, timeZone = DEFAULT_TIME_ZONE): string {
  const d = at(value, timeZone).locale(lang === 'th' ? 'th' : 'en');
  return lang === 'th' ? d.format('D MMM BBBB HH:mm') : d.format('D MMM YYYY HH:mm');
}

/** Keeps dayjs (and so Ant Design's pickers) in the interface language. */
export function setDateLocale(lang: string): void {
  dayjs.locale(lang === 'th' ? 'th' : 'en');
}

/** Ant Design's picker format: '25/11/2569' (Buddhist era) in Thai, '25/11/2026' in English. */
export function pickerFormat(lang: string): string {
  return lang === 'th' ? 'DD/MM/BBBB' : 'DD/MM/YYYY';
}

/** Ant Design's Thai picker with Buddhist-era years in its header and year panel too; pass it as
 * `locale={lang === 'th' ? THAI_PICKER : undefined}` beside `format={pickerFormat(lang)}`. */
export const THAI_PICKER = { ...thPicker, lang: { ...thPicker.lang, yearFormat: 'BBBB', cellYearFormat: 'BBBB' } };
