// Meal-type colour chips (SPEC.md §3, §9): the text on a chip is black when the colour's
// luminance exceeds 170, otherwise white.

export const LUMINANCE_THRESHOLD = 170;

/** '#RRGGBB' (or 'RRGGBB') → [r, g, b], or null when it is not a six-digit hex colour. */
export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Perceived luminance on a 0–255 scale (ITU-R BT.601 weights). */
export function luminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb;
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** The chip's text colour for a background: black above the threshold, else white. */
export function chipTextColor(hex: string): '#000000' | '#FFFFFF' {
  return luminance(hex) > LUMINANCE_THRESHOLD ? '#000000' : '#FFFFFF';
}
