import type { Choice } from '@/features/reports/api/reports';

export const ALL = 'ALL';
export type Multi = (number | typeof ALL)[];

/** "ALL" when chosen, else the ids. */
export function choice(v: Multi): Choice {
  return v.includes(ALL) ? ALL : (v as number[]);
}

/** Choosing "ALL" drops the ids; choosing an id drops "ALL". */
export function normalise(next: Multi, prev: Multi | undefined): Multi {
  if (next.includes(ALL) && !(prev ?? []).includes(ALL)) return [ALL];
  if (next.length > 1) return next.filter((x) => x !== ALL);
  return next;
}

/** The one allergy/restriction choice ('A:<id>' allergens, 'R:<id>' restricted) as the body's two fields. */
export function allergyChoice(v: string[]): { allergenIds: Choice; restrictedIds: Choice } {
  if (v.includes(ALL)) return { allergenIds: ALL, restrictedIds: ALL };
  const ids = (prefix: string) => v.filter((x) => x.startsWith(prefix)).map((x) => Number(x.slice(2)));
  return { allergenIds: ids('A:'), restrictedIds: ids('R:') };
}
