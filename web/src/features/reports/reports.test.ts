import { describe, expect, it } from 'vitest';
import { allergyChoice, choice, normalise } from '@/features/reports/choices';

describe('report choices', () => {
  it('sends ALL or the ids', () => {
    expect(choice(['ALL'])).toBe('ALL');
    expect(choice([3, 4])).toEqual([3, 4]);
    expect(choice([])).toEqual([]);
  });
  it('keeps ALL alone: choosing it drops the ids, choosing an id drops it', () => {
    expect(normalise([3, 'ALL'], [3])).toEqual(['ALL']);
    expect(normalise(['ALL', 3], ['ALL'])).toEqual([3]);
    expect(normalise([3, 4], [3])).toEqual([3, 4]);
    expect(normalise([], [3])).toEqual([]);
  });
  it('splits the allergy/restriction choice into allergens and restricted ingredients', () => {
    expect(allergyChoice(['ALL'])).toEqual({ allergenIds: 'ALL', restrictedIds: 'ALL' });
    expect(allergyChoice(['A:2', 'R:7', 'A:5'])).toEqual({ allergenIds: [2, 5], restrictedIds: [7] });
    expect(allergyChoice(['R:1'])).toEqual({ allergenIds: [], restrictedIds: [1] });
  });
});
