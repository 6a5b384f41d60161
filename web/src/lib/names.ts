// Names as every screen shows them: in the interface language, else in the other one when
// that one is empty — a patient known only by an English name is still named on a Thai
// screen, and the other way round. The server names things the same way (i18n.Pick,
// i18n.PersonName in pkg/i18n).

type Named = { nameTh?: string | null; nameEn?: string | null };
type Person = { firstNameTh?: string | null; lastNameTh?: string | null; firstNameEn?: string | null; lastNameEn?: string | null };

/** A text in lang ('th' or 'en'), else the other language's; blank counts as empty. */
export function pickName(lang: string, th: string | null | undefined, en: string | null | undefined): string {
  const t = (th ?? '').trim();
  const e = (en ?? '').trim();
  return lang === 'en' ? e || t : t || e;
}

/** A thing's name (nameTh / nameEn) in lang, else in the other language; '' for none. */
export function localName(r: Named | null | undefined, lang: string): string {
  return r ? pickName(lang, r.nameTh, r.nameEn) : '';
}

/** A person's "first last" in lang, else in the other language; '' for none. */
export function personName(p: Person | null | undefined, lang: string): string {
  if (!p) return '';
  const join = (first?: string | null, last?: string | null) => `${(first ?? '').trim()} ${(last ?? '').trim()}`.trim();
  return pickName(lang, join(p.firstNameTh, p.lastNameTh), join(p.firstNameEn, p.lastNameEn));
}
