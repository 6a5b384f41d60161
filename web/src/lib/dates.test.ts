import dayjs from 'dayjs';
import { formatDate, formatDateTime, pickerFormat, pickerToday, todayIn } from '@/lib/dates';

describe('dates', () => {
  const at = '2026-11-21T18:30:00Z'; // 22 Nov 2026 01:30 in Bangkok

  it('shows the Buddhist-era year in Thai and the branch time zone', () => {
    expect(formatDate(at, 'th')).toBe('22 พ.ย. 2569');
    expect(formatDateTime(at, 'th')).toBe('22 พ.ย. 2569 01:30');
  });

  it('shows the Gregorian year in English', () => {
    expect(formatDateTime(at, 'en')).toBe('22 Nov 2026 01:30');
  });

  it('follows another branch time zone and reads epoch seconds', () => {
    expect(formatDateTime(at, 'en', 'UTC')).toBe('21 Nov 2026 18:30');
    expect(formatDateTime(Date.parse(at) / 1000, 'th')).toBe('22 พ.ย. 2569 01:30');
  });

  it('follows a zone\'s summer time with its one formatter, and midnight is 00, not 24', () => {
    expect(formatDateTime('2026-07-01T16:00:00Z', 'en', 'America/New_York')).toBe('1 Jul 2026 12:00');
    expect(formatDateTime('2026-12-01T17:00:00Z', 'en', 'America/New_York')).toBe('1 Dec 2026 12:00');
    expect(formatDateTime('2026-11-21T17:00:00Z', 'en')).toBe('22 Nov 2026 00:00');
    expect(formatDate('2026-11-21T17:00:00Z', 'th')).toBe('22 พ.ย. 2569');
  });
});

describe('typed Buddhist-era dates', () => {
  it('reads DD/MM/BBBB as the Thai picker shows it, in any year, strictly', () => {
    expect(dayjs('25/01/2570', pickerFormat('th'), true).format('YYYY-MM-DD')).toBe('2027-01-25');
    expect(dayjs('31/12/2569', pickerFormat('th'), true).format('YYYY-MM-DD')).toBe('2026-12-31');
    expect(dayjs('31/02/2570', pickerFormat('th'), true).isValid()).toBe(false);
    expect(dayjs('25/01/2027', pickerFormat('en'), true).format('YYYY-MM-DD')).toBe('2027-01-25');
  });
});

describe('today is the branch\'s day, never the device\'s (issue 25 §3)', () => {
  const deviceZone = process.env.TZ;
  beforeEach(() => {
    // a device set to Los Angeles, at 10:30 on 21 Nov there: already 01:30 on 22 Nov in Bangkok
    process.env.TZ = 'America/Los_Angeles';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T18:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    if (deviceZone === undefined) delete process.env.TZ;
    else process.env.TZ = deviceZone;
  });

  it('answers Bangkok\'s day while the device\'s is the day before', () => {
    expect(dayjs().format('YYYY-MM-DD')).toBe('2026-11-21'); // the device's day (what dayjs() gave the screens)
    expect(todayIn()).toBe('2026-11-22');
    expect(todayIn('Asia/Bangkok')).toBe('2026-11-22');
    expect(todayIn('')).toBe('2026-11-22');
    expect(todayIn('UTC')).toBe('2026-11-21');
  });

  it('gives a picker that calendar day, which formats as the day sent to the server', () => {
    expect(pickerToday().format('YYYY-MM-DD')).toBe('2026-11-22');
    expect(pickerToday().format(pickerFormat('th'))).toBe('22/11/2569');
    expect(pickerToday().startOf('month').format('YYYY-MM-DD')).toBe('2026-11-01');
  });

  it('follows a device ahead of Bangkok too (Auckland, already the next day)', () => {
    process.env.TZ = 'Pacific/Auckland';
    vi.setSystemTime(new Date('2026-11-22T12:30:00Z')); // 01:30 on 23 Nov in Auckland, 19:30 on 22 Nov in Bangkok
    expect(dayjs().format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(todayIn()).toBe('2026-11-22');
  });
});

// Every default date goes through todayIn/pickerToday: a bare dayjs() or new Date() is the
// device's clock in the device's zone. The few left are not dates of the branch's calendar.
const SOURCES = import.meta.glob<string>('/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
const NOT_A_DAY: Record<string, string> = {
  '/src/features/master-data/components/master-data-form.tsx': 'a time of day (hh:mm) for a time picker, no date',
  '/src/features/orders/components/parts.tsx': 'dayjs().tz(timeZone): the branch\'s day already (features/orders is another team\'s)',
  '/src/features/orders/components/patient-header.tsx': 'the instant now, for the NPO tag',
};

describe('default dates in the screens', () => {
  it('are never read from the device\'s clock by a bare dayjs() or new Date()', () => {
    const offenders = Object.entries(SOURCES)
      .filter(([path]) => !/\.test\.tsx?$/.test(path) && path !== '/src/lib/dates.ts' && !NOT_A_DAY[path])
      .filter(([, src]) => /\bdayjs\(\)|new Date\(\)/.test(src))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
  });
});
