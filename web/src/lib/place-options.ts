// The options of every picker of a ward, a room (a bed) or a ward type: each option shows the
// code and the name in the interface language, and typing finds it by its code or either of
// its names, Thai or English (issue 25 §3: "W01" finds ward W01). One place, used by every
// such Select: the order, patient and serve lists' ward filters, the patient form, the report
// filters, the survey entry and the work performance filters, the master-data forms.

/** A ward, room or ward type as the API names it. */
export type Place = { code: string; nameTh?: string | null; nameEn?: string | null };

/** An option of a place picker: `search` holds what typing is matched against. */
export type PlaceOption<V> = { value: V; label: string; search: string; disabled?: boolean };

/** The name in the language: English when there is one, else Thai (and the other way round). */
export function placeName(p: Place, lang: string): string {
  const th = p.nameTh ?? '';
  const en = p.nameEn ?? '';
  return (lang === 'en' ? en || th : th || en) || '';
}

/**
 * 'W01 · หอผู้ป่วยเด็ก ชั้น 3': the code, then the name in the language; the name alone when it
 * already holds the code ('เตียง W02-05', 'ห้อง 702'), the code alone when there is no name.
 */
export function placeLabel(p: Place, lang: string): string {
  const name = placeName(p, lang);
  if (!name) return p.code;
  if (!p.code || name.toLocaleLowerCase().includes(p.code.toLocaleLowerCase())) return name;
  return `${p.code} · ${name}`;
}

/** What typing is matched against: the code and both names. */
export function placeSearchText(p: Place): string {
  return [p.code, p.nameTh ?? '', p.nameEn ?? ''].join(' ');
}

/**
 * One option of a place. `label` replaces the shown text (the patient's current bed, marked;
 * a ward with its branch): typing finds the option by the place's code and names and by that
 * label.
 */
export function placeOption<V>(p: Place, value: V, lang: string, extra?: { label?: string; disabled?: boolean }): PlaceOption<V> {
  const search = extra?.label ? `${placeSearchText(p)} ${extra.label}` : placeSearchText(p);
  const option: PlaceOption<V> = { value, label: extra?.label ?? placeLabel(p, lang), search };
  if (extra?.disabled !== undefined) option.disabled = extra.disabled;
  return option;
}

/** The options of rows with an id, valued by their id (or what `value` answers). */
export function placeOptions<P extends Place & { id: number }, V = number>(
  rows: readonly P[] | null | undefined,
  lang: string,
  value: (p: P) => V = (p) => p.id as V,
): PlaceOption<V>[] {
  return (rows ?? []).map((p) => placeOption(p, value(p), lang));
}

function normalise(s: string): string {
  return s.normalize('NFC').toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Whether the typed text finds an option: every word typed is in the option's code or one of
 * its names (any case). An option without search text (an "all wards" entry) is matched on
 * its label.
 */
export function matchesPlace(input: string, option?: { search?: string; label?: unknown }): boolean {
  const words = normalise(input).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const text = normalise(option?.search ?? (typeof option?.label === 'string' ? option.label : ''));
  return words.every((w) => text.includes(w));
}

/** The props that make an Ant Design Select a searchable place picker. */
export const placeSearch = { showSearch: true, filterOption: matchesPlace } as const;
