import { describe, expect, it } from 'vitest';
import { itemsDiffering } from '@/features/serve/intake';

describe('itemsDiffering', () => {
  it('sends apart only the items whose amount is not the tray’s, by position', () => {
    expect(itemsDiffering('HALF', { 2: 'ALL', 1: 'HALF', 3: 'NONE' })).toEqual([
      { position: 2, eaten: 'ALL' },
      { position: 3, eaten: 'NONE' },
    ]);
    expect(itemsDiffering('ALL', { 1: 'ALL' })).toEqual([]);
  });
});
