// The patient list's columns (SPEC.md §3): which the user may hide, which the server sorts
// by, and the user's choice, remembered on this device.

/**
 * Every column, in the list's order: allergies and NPO right after the patient, so they are in
 * view at 1280 px without a sideways scroll whatever else is shown (QA 2026-11-26 #5).
 */
export const COLUMN_KEYS = [
  'hnId', 'name', 'allergens', 'npo', 'nameEn', 'ward', 'room', 'previousRoom', 'gender', 'age', 'birthday',
  'nationality', 'religion', 'vegetarian', 'patientLanguage', 'cardLanguage', 'admitDate', 'plannedDischargeDate',
  'visitStatus', 'hospitalStatus', 'diagnosis', 'additionalInfo', 'specialRequest', 'remark', 'dietType',
  'therapeutics', 'restricted', 'textureDrink', 'textureFood', 'medicalOrderStart', 'medicalOrderEnd',
  'lastImportAt', 'lastImportSource', 'updatedAt',
] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];

/** Always shown: who the patient is, and what must never be missed (allergies, NPO). */
export const FIXED_COLUMNS: readonly ColumnKey[] = ['hnId', 'name', 'allergens', 'npo'];

/** Shown until the user chooses otherwise. */
export const DEFAULT_COLUMNS: readonly ColumnKey[] = [
  ...FIXED_COLUMNS, 'ward', 'room', 'age', 'dietType', 'textureFood', 'specialRequest', 'hospitalStatus',
];

/** The columns `GET /patient/search` sorts by (docs/api.md); NPO sorts by its start. */
export const SORTABLE: readonly ColumnKey[] = COLUMN_KEYS.filter((k) => k !== 'vegetarian' && k !== 'restricted');

/** The server's sortBy of a column: `name` is the Thai name (`name`) or the English one (`nameEn`) by language. */
export function sortByOf(column: string | undefined, lang: string): string | undefined {
  if (!column) return undefined;
  if (column === 'npo') return 'npoFrom';
  if (column === 'name') return lang === 'en' ? 'nameEn' : 'name';
  return column;
}

export const COLUMNS_STORAGE_KEY = 'samrap.patients.columns';

/** The remembered choice (the defaults when none or unreadable); the fixed columns always in. */
export function readColumns(stored: string | null): ColumnKey[] {
  let chosen: readonly string[] = DEFAULT_COLUMNS;
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (Array.isArray(parsed)) chosen = parsed.filter((x): x is string => typeof x === 'string');
  } catch {
    // a damaged value: the defaults
  }
  return COLUMN_KEYS.filter((k) => FIXED_COLUMNS.includes(k) || chosen.includes(k));
}

/** What is stored for a choice: the chosen columns in the list's order. */
export function writeColumns(chosen: readonly string[]): string {
  return JSON.stringify(COLUMN_KEYS.filter((k) => FIXED_COLUMNS.includes(k) || chosen.includes(k)));
}

/** NPO at a glance: `now` between its start and end, `upcoming` before its start, none after it ends. */
export function npoState(from: string | null, to: string | null, now: Date): 'now' | 'upcoming' | null {
  if (!from) return null;
  const start = new Date(from).getTime();
  const end = to ? new Date(to).getTime() : Number.POSITIVE_INFINITY;
  const t = now.getTime();
  if (t >= end) return null;
  return t >= start ? 'now' : 'upcoming';
}
