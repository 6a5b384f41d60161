import dayjs from 'dayjs';
import { formatDate, formatDateTime, pickerFormat } from '@/lib/dates';

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
});

describe('typed Buddhist-era dates', () => {
  it('reads DD/MM/BBBB as the Thai picker shows it, in any year, strictly', () => {
    expect(dayjs('25/01/2570', pickerFormat('th'), true).format('YYYY-MM-DD')).toBe('2027-01-25');
    expect(dayjs('31/12/2569', pickerFormat('th'), true).format('YYYY-MM-DD')).toBe('2026-12-31');
    expect(dayjs('31/02/2570', pickerFormat('th'), true).isValid()).toBe(false);
    expect(dayjs('25/01/2027', pickerFormat('en'), true).format('YYYY-MM-DD')).toBe('2027-01-25');
  });
});
