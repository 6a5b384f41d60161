// The addresses of the order forms: the patient, the date and the meal type they open on.

export type FormTarget = { hn: string; date: string; meal: number; caregiver?: boolean };

export function formPath({ hn, date, meal, caregiver }: FormTarget): string {
  const q = new URLSearchParams({ hn, date });
  if (meal > 0) q.set('meal', String(meal));
  return `/auth/order/${caregiver ? 'care-giver/form' : 'form'}?${q.toString()}`;
}

/** The form's target read from its address; null when the HN or the date is missing or malformed. */
export function readTarget(search: URLSearchParams): FormTarget | null {
  const hn = (search.get('hn') ?? '').trim();
  const date = search.get('date') ?? '';
  const meal = Number(search.get('meal') ?? '0');
  if (hn === '' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return { hn, date, meal: Number.isInteger(meal) && meal > 0 ? meal : 0 };
}

const LIST = '/auth/order';

/** The history state the order list hands its forms: its own search (`?date=&q=&page=…`). */
type ListReturn = { list: string };

/** The history state the list is sent back with: the row to bring into view, and the meal whose chip takes the focus. */
export type BackState = { hn: string; meal?: number; caregiver?: boolean };

type Place = { pathname: string; search: string; state: unknown };

/** The state for a navigation to a form: the list's search when leaving the list, else the one this form was given. */
export function formState(from: Place): ListReturn | undefined {
  if (from.pathname === LIST) return { list: from.search };
  const list = (from.state as Partial<ListReturn> | null)?.list;
  return typeof list === 'string' ? { list } : undefined;
}

/** Where a form goes back to: the list as it was left (search, filters, page); opened some other way, the list of the form's date. */
export function listPath(formState: unknown, date: string): string {
  const list = (formState as Partial<ListReturn> | null)?.list;
  return typeof list === 'string' ? `${LIST}${list}` : `${LIST}?date=${date}`;
}

/** The row a list came back for, from its history state. */
export function backRow(state: unknown): string | null {
  const hn = (state as Partial<BackState> | null)?.hn;
  return typeof hn === 'string' && hn !== '' ? hn : null;
}

/** The meal chip a list came back for (the one its form was opened from), from its history state. */
export function backMeal(state: unknown): { meal: number; caregiver: boolean } | null {
  const s = state as Partial<BackState> | null;
  return typeof s?.meal === 'number' && s.meal > 0 ? { meal: s.meal, caregiver: s.caregiver === true } : null;
}
