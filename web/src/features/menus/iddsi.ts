// IDDSI (International Dysphagia Diet Standardisation Initiative) levels and their colours:
// foods are levels 3–7, drinks 0–4 (the server checks the same ranges). Levels 3 and 4 are
// named differently for a food (liquidised, pureed) and a drink (moderately, extremely thick).
import type { IddsiType } from '@/features/menus/types';

type Level = { background: string; text: string };

/** The framework's colour of each level, and a readable text colour on it. */
export const IDDSI_COLORS: Record<number, Level> = {
  0: { background: '#FFFFFF', text: '#000000' },
  1: { background: '#A7A8AA', text: '#000000' },
  2: { background: '#F4A6C7', text: '#000000' },
  3: { background: '#FFD200', text: '#000000' },
  4: { background: '#6CC24A', text: '#000000' },
  5: { background: '#F68D2E', text: '#000000' },
  6: { background: '#0072CE', text: '#FFFFFF' },
  7: { background: '#000000', text: '#FFFFFF' },
};

export function iddsiLevels(type: IddsiType): number[] {
  return type === 'DRINK' ? [0, 1, 2, 3, 4] : [3, 4, 5, 6, 7];
}

/** The locale key of a level's name (menus.json `iddsi.FOOD.5`). */
export function iddsiNameKey(type: IddsiType, level: number): string {
  return `iddsi.${type}.${level}`;
}
