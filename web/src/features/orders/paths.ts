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
