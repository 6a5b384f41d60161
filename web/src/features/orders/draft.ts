// The order form's choice state, kept pure so it can be tested: the filters (changing any of
// them clears the chosen menus, SPEC.md §5), the chosen dishes or set, and the alternative
// note a conflicting choice needs before it is kept (a TEXTURE conflict cannot be chosen).
import type {
  CaregiverInfo, Conflict, CourseType, Dish, DishSet, Draft, DraftItem, FoodRule, FoodScope, MenuOffer, OrderType, Problem, SetOffer,
} from '@/features/orders/types';

export type Filters = { dietTypeId: number | null; therapeuticId: number | null; cuisineTypeId: number | null; mealComponentId: number | null };
export const NO_FILTERS: Filters = { dietTypeId: null, therapeuticId: null, cuisineTypeId: null, mealComponentId: null };

/** A dish or a set picked for the tray, with the conflicts it was offered with and the note that accepts them. */
export type Chosen = {
  key: string;
  menuId?: number;
  menuSetId?: number;
  /** A dish's meal component: at most one dish per component. */
  componentId?: number;
  item: Dish | DishSet;
  conflicts: Conflict[];
  note: string;
};

export type ChoiceState = {
  orderType: OrderType;
  foodScope: FoodScope;
  courseType: CourseType;
  filters: Filters;
  chosen: Chosen[];
  /** A conflicting pick waiting for its alternative note (or for another dish). */
  pending: Chosen | null;
  /** Said when a choice was refused (a TEXTURE conflict), cleared by the next action. */
  refused: Chosen | null;
  /** Set when the last action cleared chosen menus (the screen says so). */
  cleared: boolean;
};

export function initialChoice(foodScope: FoodScope = 'BOTH', filters: Filters = NO_FILTERS): ChoiceState {
  return { orderType: 'ORD', foodScope, courseType: 'MENU', filters, chosen: [], pending: null, refused: null, cleared: false };
}

/** A conflict an alternative note may let through (every kind but TEXTURE). */
export function overridable(c: Conflict): boolean {
  return c.kind !== 'TEXTURE';
}

export function isBlocked(conflicts: Conflict[] | null | undefined): boolean {
  return (conflicts ?? []).some((c) => !overridable(c));
}

export function offerToChosen(offer: MenuOffer | SetOffer): Chosen {
  if ('menu' in offer) {
    const m = offer.menu;
    return { key: `m:${m.id}`, menuId: m.id, componentId: m.mealComponentId, item: m, conflicts: offer.conflicts ?? [], note: '' };
  }
  const s = offer.menuSet;
  return { key: `s:${s.id}`, menuSetId: s.id, item: s, conflicts: offer.conflicts ?? [], note: '' };
}

export type ChoiceAction =
  | { type: 'orderType'; value: OrderType }
  | { type: 'foodScope'; value: FoodScope }
  | { type: 'courseType'; value: CourseType }
  | { type: 'filter'; name: keyof Filters; value: number | null }
  /** The caregiver's religion, vegetarian type, allergens or restricted changed: conflicts change too. */
  | { type: 'restrictions' }
  /** The meal or date the menu is read for changed: another menu. */
  | { type: 'menuChanged' }
  | { type: 'pick'; offer: MenuOffer | SetOffer; blocked: boolean }
  | { type: 'remove'; key: string }
  | { type: 'note'; note: string }
  | { type: 'dropPending' }
  | { type: 'replace'; with: MenuOffer | SetOffer }
  | { type: 'editNote'; key: string; note: string };

function clearing(s: ChoiceState, patch: Partial<ChoiceState>): ChoiceState {
  return { ...s, ...patch, cleared: s.chosen.length > 0 || s.pending !== null, chosen: [], pending: null, refused: null };
}

/** Adds a pick: a set replaces whatever was chosen; a dish replaces the dish of its component; picking a chosen one takes it out. */
function add(chosen: Chosen[], c: Chosen): Chosen[] {
  if (c.menuSetId !== undefined) return [c];
  const rest = chosen.filter((x) => x.menuSetId === undefined && (c.componentId === undefined || x.componentId !== c.componentId));
  return [...rest, c];
}

export function choiceReducer(s: ChoiceState, a: ChoiceAction): ChoiceState {
  const base = { ...s, cleared: false, refused: null };
  switch (a.type) {
    case 'orderType':
      return a.value === s.orderType ? base : a.value === 'ORD' ? { ...base, orderType: a.value } : clearing(s, { orderType: a.value });
    case 'foodScope':
      return a.value === s.foodScope ? base : clearing(s, { foodScope: a.value });
    case 'courseType':
      return a.value === s.courseType ? base : clearing(s, { courseType: a.value });
    case 'filter':
      return s.filters[a.name] === a.value ? base : clearing(s, { filters: { ...s.filters, [a.name]: a.value } });
    case 'restrictions':
    case 'menuChanged':
      return clearing(s, {});
    case 'pick': {
      const c = offerToChosen(a.offer);
      if (s.chosen.some((x) => x.key === c.key)) return { ...base, chosen: s.chosen.filter((x) => x.key !== c.key) };
      if (a.blocked || isBlocked(c.conflicts)) return { ...base, refused: c };
      if (c.conflicts.some(overridable)) return { ...base, pending: c };
      return { ...base, chosen: add(s.chosen, c), pending: null };
    }
    case 'remove':
      return { ...base, chosen: s.chosen.filter((x) => x.key !== a.key) };
    case 'note': {
      const note = a.note.trim();
      if (!s.pending || note === '') return base;
      return { ...base, chosen: add(s.chosen, { ...s.pending, note }), pending: null };
    }
    case 'dropPending':
      return { ...base, pending: null };
    case 'replace':
      // an alternative of checkReplaceIngredient (it has no conflict): the pending pick is dropped for it
      return choiceReducer({ ...s, pending: null }, { type: 'pick', offer: a.with, blocked: false });
    case 'editNote':
      return { ...base, chosen: s.chosen.map((x) => (x.key === a.key ? { ...x, note: a.note } : x)) };
  }
}

/** The draft's items: each chosen dish or set with its note. */
export function draftItems(chosen: Chosen[]): DraftItem[] {
  return chosen.map((c) => (c.menuSetId !== undefined ? { menuSetId: c.menuSetId, alternativeNote: c.note } : { menuId: c.menuId, alternativeNote: c.note }));
}

export type DraftExtras = {
  branchCode: string;
  hnId: string;
  patientVersion: number;
  idempotencyKey: string;
  dates: string[];
  mealTimeIds: number[];
  caregiver?: CaregiverInfo | null;
  description: string;
  otherIds: number[];
  remarkIds: number[];
  remark: string;
  charge: boolean;
  dysphagiaFoodType: number | null;
  unmappedAllergiesChecked: boolean;
  freeTextAcknowledged?: boolean;
};

export const NO_CAREGIVER: CaregiverInfo = { religionId: null, vegetarianId: null, allergenIds: [], restrictedIds: [] };

/** The body of checkerOrderTaker / submitOrder. Only ORD carries food; SPECIFIC carries no dish. */
export function buildDraft(s: ChoiceState, x: DraftExtras): Draft {
  const food = s.orderType === 'ORD';
  return {
    branchCode: x.branchCode,
    hnId: x.hnId,
    patientVersion: x.patientVersion,
    idempotencyKey: x.idempotencyKey,
    dates: x.dates,
    mealTimeIds: x.mealTimeIds,
    caregiver: !!x.caregiver,
    caregiverInfo: x.caregiver ?? NO_CAREGIVER,
    orderType: s.orderType,
    foodScope: s.foodScope,
    courseType: s.courseType,
    dietTypeId: s.filters.dietTypeId,
    therapeuticId: s.filters.therapeuticId,
    cuisineTypeId: s.filters.cuisineTypeId,
    items: food && s.courseType !== 'SPECIFIC' ? draftItems(s.chosen) : [],
    description: food && s.courseType === 'SPECIFIC' ? x.description.trim() : '',
    otherIds: food ? x.otherIds : [],
    remarkIds: x.remarkIds,
    remark: x.remark.trim(),
    charge: food && x.charge,
    dysphagiaFoodType: food && s.courseType === 'SPECIFIC' ? x.dysphagiaFoodType : null,
    unmappedAllergiesChecked: x.unmappedAllergiesChecked,
    freeTextAcknowledged: food && s.courseType === 'SPECIFIC' && !!x.freeTextAcknowledged,
  };
}

/** The rules a FREE_TEXT problem asks to acknowledge (none: no such problem). */
export function freeTextRules(problems: Problem[] | null | undefined): FoodRule[] {
  return (problems ?? []).find((p) => p.code === 'FREE_TEXT')?.rules ?? [];
}

/** What the client can say before any call (the server checks everything again). */
export function localProblems(s: ChoiceState, x: Pick<DraftExtras, 'dates' | 'mealTimeIds' | 'description'> & { unmapped: boolean; unmappedChecked: boolean }): string[] {
  const out: string[] = [];
  if (x.mealTimeIds.length === 0) out.push('noMeal');
  if (x.dates.length === 0) out.push('noDate');
  if (s.orderType === 'ORD') {
    if (s.courseType === 'SPECIFIC' ? x.description.trim() === '' : s.chosen.length === 0) out.push('noItem');
    if (s.chosen.some((c) => c.conflicts.some(overridable) && c.note.trim() === '')) out.push('noteMissing');
  }
  if (x.unmapped && !x.unmappedChecked) out.push('unmapped');
  return out;
}

/** The existing order a 409 ALREADY_ORDERED names (the server answers the list of live orders in the way; the first). */
export function existingOrder(e: unknown): { orderId: string; dateOrder?: string; mealTimeId?: number } | null {
  type Existing = { orderId: string; dateOrder?: string; mealTimeId?: number };
  const err = e as { status?: number; code?: string; data?: { existing?: Existing | Existing[] | null } | null };
  if (err?.status !== 409 || err.code !== 'ALREADY_ORDERED') return null;
  const ex = err.data?.existing;
  return (Array.isArray(ex) ? ex[0] : ex) ?? null;
}

/** The problems a 422 of submitOrder lists (data.problems). */
export function problemsOf(e: unknown): Problem[] {
  const err = e as { status?: number; data?: { problems?: Problem[] | null } | null };
  if (err?.status !== 422) return [];
  return err.data?.problems ?? [];
}

/** Ingredient names of conflicts, one each, in the interface language. */
export function conflictNames(conflicts: Conflict[] | null | undefined, lang: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of conflicts ?? []) {
    const name = (lang === 'en' ? c.nameEn || c.nameTh : c.nameTh || c.nameEn) || c.code;
    const k = `${c.kind}:${name}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(name);
    }
  }
  return out;
}

/** A fresh idempotency key (one per submit attempt that got an answer). */
export function newKey(): string {
  return globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/** The server's sentence of a failure, else the fallback; null when a global notice already spoke. */
export function errorText(e: unknown, fallback: string): string | null {
  const err = e as { handled?: boolean; message?: string } | null;
  if (err?.handled) return null;
  const msg = err?.message ?? '';
  return msg && !/^HTTP \d+$/.test(msg) ? msg : fallback;
}

/** The items a refused review needs an alternative for: each item a CONFLICT problem names, once. */
export function reviewNotes(problems: Problem[]): { key: string; item: { menuId?: number; menuSetId?: number } }[] {
  const out: { key: string; item: { menuId?: number; menuSetId?: number } }[] = [];
  for (const p of problems) {
    if (p.code !== 'CONFLICT' || (!p.menuId && !p.menuSetId)) continue;
    const item = p.menuSetId ? { menuSetId: p.menuSetId } : { menuId: p.menuId };
    const key = p.menuSetId ? `s:${p.menuSetId}` : `m:${p.menuId}`;
    if (!out.some((x) => x.key === key)) out.push({ key, item });
  }
  return out;
}
