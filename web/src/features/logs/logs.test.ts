import { beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en/logs.json';
import th from '@/locales/th/logs.json';

const apiGet = vi.fn();
vi.mock('@/lib/api-client', () => ({ apiGet: (...a: unknown[]) => apiGet(...a) }));

import { getActivities } from '@/features/logs/api/get-activities';
import { getChanges } from '@/features/logs/api/get-changes';
import { showDetail, showValue } from '@/features/logs/values';

function keys(o: unknown, prefix = ''): string[] {
  if (o === null || typeof o !== 'object') return [prefix];
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const t = (key: string) => (key === 'value.yes' ? 'Yes' : key === 'value.no' ? 'No' : key);

describe('texts', () => {
  it('has every key in Thai and English, none empty', () => {
    expect(keys(th).sort()).toEqual(keys(en).sort());
    for (const k of keys(th)) {
      expect(k.split('.').reduce((o: never, p) => o[p], th as never), k).not.toBe('');
      expect(k.split('.').reduce((o: never, p) => o[p], en as never), k).not.toBe('');
    }
  });
});

describe('values', () => {
  it('shows flags, references, lists, days and times as a person reads them', () => {
    expect(showValue(null, 'en', 'Asia/Bangkok', t)).toBe('');
    expect(showValue('', 'en', 'Asia/Bangkok', t)).toBe('');
    expect(showValue(true, 'en', 'Asia/Bangkok', t)).toBe('Yes');
    expect(showValue(false, 'en', 'Asia/Bangkok', t)).toBe('No');
    expect(showValue(12.5, 'en', 'Asia/Bangkok', t)).toBe('12.5');
    expect(showValue({ code: 'AL01', nameTh: 'ถั่วลิสง', nameEn: 'Peanut' }, 'th', 'Asia/Bangkok', t)).toBe('ถั่วลิสง');
    expect(showValue([{ code: 'AL01', nameTh: 'ถั่วลิสง', nameEn: 'Peanut' }, 'กุ้ง'], 'en', 'Asia/Bangkok', t)).toBe('Peanut, กุ้ง');
    expect(showValue({ branchCode: 'SRP01', roleCode: 'BAM' }, 'en', 'Asia/Bangkok', t)).toBe('branchCode: SRP01; roleCode: BAM');
    expect(showValue('2026-11-25', 'th', 'Asia/Bangkok', t)).toBe('25 พ.ย. 2569');
    // 23:30 UTC is the next morning in Bangkok
    expect(showValue('2026-11-24T23:30:00+00:00', 'en', 'Asia/Bangkok', t)).toBe('25 Nov 2026 06:30');
  });

  it('shows an activity detail in one line, leaving out empty values', () => {
    expect(showDetail({ roleCode: 'BAM', note: '', rows: 3 }, 'en', 'Asia/Bangkok', t)).toBe('roleCode: BAM · rows: 3');
    expect(showDetail({}, 'en', 'Asia/Bangkok', t)).toBe('');
  });

  it('names a detail key by its label where it has one', () => {
    const labelled = (key: string) => (key.startsWith('detailKey.') ? (en.detailKey as Record<string, string>)[key.slice(10)] ?? key : key);
    expect(showDetail({ count: 2, hnIds: ['HN1', 'HN2'], other: 'x' }, 'en', 'Asia/Bangkok', labelled)).toBe('Count: 2 · HN: HN1, HN2 · other: x');
  });

  it('names the keys of a report filter too, "ALL" in words, empty ones left out', () => {
    const labelled = (key: string) => {
      const [group, k] = key.split('.');
      return ((en as unknown as Record<string, Record<string, string>>)[group] ?? {})[k] ?? key;
    };
    const detail = { filter: { wardIds: 'ALL', mealTimeIds: [3], layout: 'A4', remark: '' }, trays: 2 };
    expect(showDetail(detail, 'en', 'Asia/Bangkok', labelled)).toBe('Filters: Wards: All; Meal types: 3; Layout: A4 · Trays: 2');
    // a print records the rows it chose by name beside their ids (an id it could not name stays the id)
    const named = { filter: { wardIds: [{ id: 7, code: 'W01', nameTh: 'หอผู้ป่วย 5A', nameEn: 'Ward 5A' }, 999], mealTimeIds: 'ALL' } };
    expect(showDetail(named, 'en', 'Asia/Bangkok', labelled)).toBe('Filters: Wards: Ward 5A, 999; Meal types: All');
  });
});

describe('calls', () => {
  beforeEach(() => apiGet.mockReset().mockResolvedValue({ items: [], total: 0, page: 1, size: 20 }));

  it('leaves out empty filters and the language', async () => {
    await getActivities({ person: '', action: 'auth.signIn', dateFrom: '2026-11-01', dateTo: '', entryBranch: '', page: 2, size: 50, lang: 'th' });
    expect(apiGet).toHaveBeenCalledWith('/logs/activities', {
      query: { person: undefined, action: 'auth.signIn', dateFrom: '2026-11-01', dateTo: undefined, entryBranch: undefined, page: 2, size: 50 },
      silent: true,
    });
    await getChanges({ person: 'D0004', entity: 'diet_type', entityId: '7', entryBranch: 'SRP02', page: 1, size: 20 });
    expect(apiGet).toHaveBeenLastCalledWith('/logs/changes', {
      query: { person: 'D0004', entity: 'diet_type', entityId: '7', dateFrom: undefined, dateTo: undefined, entryBranch: 'SRP02', page: 1, size: 20 },
      silent: true,
    });
  });
});
