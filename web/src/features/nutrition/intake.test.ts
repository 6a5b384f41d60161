import { describe, expect, it } from 'vitest';
import type { IntakeDay } from '@/features/nutrition/api/get-intake';
import { barHeight, dayState, lowDays } from '@/features/nutrition/intake';

const day = (p: Partial<IntakeDay>): IntakeDay => ({ date: '2026-11-20', trays: 3, collected: 3, eaten: {}, percent: {}, ...p });

describe('intake', () => {
  it('says each day in words: no trays, not collected, under half, eating', () => {
    expect(dayState(day({ trays: 0, collected: 0 }))).toBe('NO_TRAYS');
    expect(dayState(day({ collected: 0 }))).toBe('NOT_COLLECTED');
    expect(dayState(day({ percent: { energy: 80, protein: 49 } }))).toBe('LOW');
    expect(dayState(day({ percent: { energy: 50, protein: 50 } }))).toBe('OK');
    // no minimum: nothing to be under
    expect(dayState(day({ percent: {} }))).toBe('OK');
  });

  it('draws a share as a bar of the chart, capped at 150%', () => {
    expect(barHeight(undefined)).toBeNull();
    expect(barHeight(75)).toBe(0.5);
    expect(barHeight(300)).toBe(1);
    expect(barHeight(-5)).toBe(0);
  });

  it('counts the days under half', () => {
    const days = [day({ percent: { energy: 20 } }), day({ percent: { energy: 90 } }), day({ collected: 0 })];
    expect(lowDays({ hnId: 'HN1', dateFrom: '', dateTo: '', targets: [], days })).toBe(1);
  });
});
