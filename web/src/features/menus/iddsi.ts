// IDDSI (International Dysphagia Diet Standardisation Initiative) levels and their colours:
// foods are levels 3–7, drinks 0–4 (the server checks the same ranges). Levels 3 and 4 are
// named differently for a food (liquidised, pureed) and a drink (moderately, extremely thick).
import type { IddsiType } from '@/features/menus/types';

/** The framework's colour of each level (lib/iddsi.ts, shared with the order screens). */
export { IDDSI_COLORS } from '@/lib/iddsi';

export function iddsiLevels(type: IddsiType): number[] {
  return type === 'DRINK' ? [0, 1, 2, 3, 4] : [3, 4, 5, 6, 7];
}

/** The locale key of a level's name (menus.json `iddsi.FOOD.5`). */
export function iddsiNameKey(type: IddsiType, level: number): string {
  return `iddsi.${type}.${level}`;
}
