// The nutrients a dish states and a target ranges, in the server's order (pkg/menus
// Nutrients), and how their amounts are written. Their words are in components.json.
export const NUTRIENTS = ['energy', 'protein', 'fat', 'carbohydrate', 'sodium', 'sugar', 'fiber'] as const;
export type Nutrient = (typeof NUTRIENTS)[number];

/** A nutrient's base unit: what a target and a tray's or a day's total are in. */
export const NUTRIENT_UNIT: Record<Nutrient, string> = {
  energy: 'kcal', protein: 'g', fat: 'g', carbohydrate: 'g', sodium: 'mg', sugar: 'g', fiber: 'g',
};

/** An amount with its unit, to a tenth at most ("1,556 kcal", "30.5 g"). */
export function amountText(v: number | null | undefined, nutrient: Nutrient, lang: string): string {
  if (v === null || v === undefined) return '–';
  return `${v.toLocaleString(lang === 'th' ? 'th-TH' : 'en-GB', { maximumFractionDigits: 1 })} ${NUTRIENT_UNIT[nutrient]}`;
}

/** A range as "1,600–1,800 kcal", "≥ 50 g", "≤ 2,300 mg", or "" when unbounded. */
export function rangeText(min: number | null | undefined, max: number | null | undefined, nutrient: Nutrient, lang: string): string {
  const n = (v: number) => v.toLocaleString(lang === 'th' ? 'th-TH' : 'en-GB', { maximumFractionDigits: 1 });
  const u = NUTRIENT_UNIT[nutrient];
  if (min != null && max != null) return `${n(min)}–${n(max)} ${u}`;
  if (min != null) return `≥ ${n(min)} ${u}`;
  if (max != null) return `≤ ${n(max)} ${u}`;
  return '';
}
