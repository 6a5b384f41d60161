// What was eaten of a tray (issue 27 §3): the five amounts a server taps, as the API names them.
export const EATEN = ['NONE', 'QUARTER', 'HALF', 'THREE_QUARTERS', 'ALL'] as const;
export type Eaten = (typeof EATEN)[number];

/**
 * The items a per-dish record sends: only those that differ from the tray's amount (an item
 * not sent takes the tray's), by position.
 */
export function itemsDiffering(tray: Eaten, items: Record<number, Eaten>): { position: number; eaten: Eaten }[] {
  return Object.entries(items)
    .filter(([, e]) => e !== tray)
    .map(([p, e]) => ({ position: Number(p), eaten: e }))
    .sort((a, b) => a.position - b.position);
}
