import { describe, expect, it, vi } from 'vitest';
import en from '@/locales/en/surveys.json';
import th from '@/locales/th/surveys.json';

const apiGet = vi.fn();
const apiPost = vi.fn();
const apiDownload = vi.fn();
vi.mock('@/lib/api-client', () => ({
  apiGet: (...a: unknown[]) => apiGet(...a),
  apiPost: (...a: unknown[]) => apiPost(...a),
  apiDownload: (...a: unknown[]) => apiDownload(...a),
}));

import { exportResults } from '@/features/surveys/api/export-results';
import { getResults, resultsQuery } from '@/features/surveys/api/get-results';
import { QUESTIONS, type Averages } from '@/features/surveys/types';
import {
  branchNamer, completeAnswers, groupBars, idsParam, missingAnswers, questionBars, showAverage, showDay, surveyPath, waitMinutes,
} from '@/features/surveys/values';

function keys(o: unknown, prefix = ''): string[] {
  if (o === null || typeof o !== 'object') return [prefix];
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const avg = (v: number | null): Averages => Object.fromEntries(QUESTIONS.map((q) => [q, v])) as Averages;

describe('texts', () => {
  it('has every key in Thai and English, none empty, a label for every question and score', () => {
    expect(keys(th).sort()).toEqual(keys(en).sort());
    for (const k of keys(th)) {
      expect(k.split('.').reduce((o: never, p) => o[p], th as never), k).not.toBe('');
      expect(k.split('.').reduce((o: never, p) => o[p], en as never), k).not.toBe('');
    }
    for (const q of QUESTIONS) expect(th.question[q]).toBeTruthy();
    expect(Object.keys(th.score)).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('answers', () => {
  it('lists the questions without a score of 1 to 5, and gives the answers only when all five have one', () => {
    expect(missingAnswers({})).toEqual([...QUESTIONS]);
    expect(missingAnswers({ taste: 5, temperature: 0, portion: 6, onTime: 3 })).toEqual(['temperature', 'portion', 'overall']);
    expect(completeAnswers({ taste: 5, temperature: 4, portion: 3, onTime: 2 })).toBeNull();
    const all = { taste: 5, temperature: 4, portion: 3, onTime: 2, overall: 1 };
    expect(missingAnswers(all)).toEqual([]);
    expect(completeAnswers(all)).toEqual(all);
  });
});

describe('display', () => {
  it('shows averages with two decimals and a dash when nobody answered', () => {
    expect(showAverage(4.5)).toBe('4.50');
    expect(showAverage(3.456)).toBe('3.46');
    expect(showAverage(null)).toBe('–');
    expect(showAverage(undefined)).toBe('–');
  });

  it('shows a day in the Buddhist era in Thai and Gregorian in English, whatever the time zone', () => {
    expect(showDay('2026-11-25', 'th')).toBe('25 พ.ย. 2569');
    expect(showDay('2026-11-25', 'en')).toBe('25 Nov 2026');
    expect(showDay('2027-01-01', 'th')).toBe('1 ม.ค. 2570');
  });

  it('draws one bar per question in their order, and a missing average as no bar', () => {
    const bars = questionBars({ ...avg(4), onTime: null }, (q) => `L:${q}`);
    expect(bars.map((b) => b.key)).toEqual([...QUESTIONS]);
    expect(bars[0]).toEqual({ key: 'taste', label: 'L:taste', average: 4 });
    expect(bars[3].average).toBeNull();
    expect(questionBars(undefined, String).every((b) => b.average === null)).toBe(true);
  });

  it('puts each group (a ward, a meal type in its colour, a day) on one row with each question a column', () => {
    const rows = groupBars([
      { key: '7', name: 'Ward A', color: '#ff0000', count: 3, averages: { ...avg(4), overall: 4.67 } },
      { key: '8', name: 'Ward B', count: 0, averages: avg(null) },
    ]);
    expect(rows[0]).toEqual({ key: '7', name: 'Ward A', color: '#ff0000', count: 3, taste: 4, temperature: 4, portion: 4, onTime: 4, overall: 4.67 });
    expect(rows[1].overall).toBeNull();
  });
});

describe('chart labels', () => {
  it('names the branch on a group only when more than one branch shows (QA #9)', () => {
    const two = [{ branchCode: 'SRP01' }, { branchCode: 'SRP02' }];
    expect(branchNamer(two)(two[1], 'มื้อเช้า')).toBe('SRP02 · มื้อเช้า');
    const one = [{ branchCode: 'SRP01' }, { branchCode: 'SRP01' }];
    expect(branchNamer(one)(one[0], 'มื้อเช้า')).toBe('มื้อเช้า');
  });
});

describe('address and links', () => {
  it('reads chosen ids from the address, refusing anything but ids', () => {
    expect(idsParam.parse('3,1,3')).toEqual([3, 1]);
    expect(idsParam.parse('1,x')).toBeUndefined();
    expect(idsParam.parse('0')).toBeUndefined();
    expect(idsParam.format([2, 5])).toBe('2,5');
  });

  it('opens a card link in this app by its path', () => {
    expect(surveyPath('https://samrap.example/q/AbC-d_9')).toBe('/q/AbC-d_9');
    expect(surveyPath('http://127.0.0.1:8080/q/xyz/')).toBe('/q/xyz');
  });

  it('says how many minutes to wait after too many tries', () => {
    expect(waitMinutes({ retryAfter: 61 })).toBe(2);
    expect(waitMinutes(null)).toBe(10);
  });
});

describe('api', () => {
  it('sends the filters as the contract names them: ids comma-separated, empty ones left out', async () => {
    apiGet.mockResolvedValueOnce({});
    await getResults({ dateFrom: '2026-11-01', dateTo: '', wardIds: [3, 4], mealTimeIds: [], menuIds: [9], entryBranch: '', page: 2, size: 20 });
    expect(apiGet).toHaveBeenCalledWith('/survey/patientSatisfaction', {
      query: { dateFrom: '2026-11-01', dateTo: undefined, wardIds: '3,4', mealTimeIds: undefined, menuIds: '9', entryBranch: undefined, page: 2, size: 20 },
      silent: true,
    });
    expect(resultsQuery({ dateFrom: '', dateTo: '', wardIds: [], mealTimeIds: [], menuIds: [], entryBranch: 'SRP02' }).entryBranch).toBe('SRP02');
  });

  it('exports with the same filters in the body, ids as lists', async () => {
    apiDownload.mockResolvedValueOnce(null);
    expect(await exportResults({ dateFrom: '2026-11-01', dateTo: '2026-11-30', wardIds: [], mealTimeIds: [2], menuIds: [], entryBranch: '' })).toBeNull();
    expect(apiDownload).toHaveBeenCalledWith('/download/patientSatisfaction', {
      body: { dateFrom: '2026-11-01', dateTo: '2026-11-30', wardIds: [], mealTimeIds: [2], menuIds: [], entryBranch: undefined },
    });
  });
});

describe('meal colours', () => {
  it('writes black on a light meal colour and white on a dark one (luminance above 170)', async () => {
    const { textOn } = await import('@/features/surveys/values');
    expect(textOn('#ffe08a')).toBe('#000000');
    expect(textOn('#1565c0')).toBe('#ffffff');
    expect(textOn('#aaaaaa')).toBe('#ffffff'); // exactly 170: not above
    expect(textOn('')).toBe('#1f2937');
  });
});
