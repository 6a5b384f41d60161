import { describe, expect, it } from 'vitest';
import type { IntakeDay } from '@/features/nutrition/api/get-intake';
import { barHeight, lowDays } from '@/features/nutrition/intake';

const day = (p: Partial<IntakeDay>): IntakeDay => ({ date: '2026-11-20', trays: 3, collected: 3, eaten: {}, percent: {}, state: 'OK', ...p });

describe('intake', () => {
  it('draws a share as a bar of the chart, capped at 150%', () => {
    expect(barHeight(undefined)).toBeNull();
    expect(barHeight(75)).toBe(0.5);
    expect(barHeight(300)).toBe(1);
    expect(barHeight(-5)).toBe(0);
  });

  it('counts the days under half, as the server states them', () => {
    const days = [day({ percent: { energy: 20 }, state: 'LOW' }), day({ percent: { energy: 90 } }), day({ collected: 0, state: 'NOT_COLLECTED' })];
    expect(lowDays({ hnId: 'HN1', dateFrom: '', dateTo: '', targets: [], days })).toBe(1);
  });
});
