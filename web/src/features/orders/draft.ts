// The order form's state, kept pure so it can be tested: the order's choice (an `OrderChoice`),
// the dates and meal types it is for, the chosen dishes or set, the alternative note a
// conflicting choice needs before it is kept (a TEXTURE conflict cannot be chosen), and the
// server's last answer. Changing what the menu is read for (the order type, food scope,
// course type, a filter, a caregiver's restrictions, the first date or meal type) clears the
// chosen menus (SPEC.md §5). `draftBody` is the one place an order's choice becomes a body.
import { freeTextRules } from '@/features/orders/answers';
import {
  NEW_CHOICE,
  NO_CAREGIVER,
  type CaregiverInfo, type Conflict, type CourseType, type Dish, type DishSet, type DraftBody, type DraftItem, type FoodRule, type FoodScope,
  type MealType, type MenuOffer, type OrderChoice, type OrderType, type Problem, type SetOffer,
} from '@/features/orders/types';

/** The menu's filters: three are the order's, the meal component only narrows the menu. */
export type Filters = Pick<OrderChoice, 'dietTypeId' | 'therapeuticId' | 'cuisineTypeId'> & { mealComponentId: number | null };

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

export type DraftState = {
  order: OrderChoice;
  dates: string[];
  mealTimeIds: number[];
  /** the menu's meal-component filter (not kept on the order) */
  mealComponentId: number | null;
  chosen: Chosen[];
  /** A conflicting pick waiting for its alternative note (or for another dish). */
  pending: Chosen | null;
  /** Said when a choice was refused (a TEXTURE conflict), cleared by the next action. */
  refused: Chosen | null;
  /** Set when the last action cleared chosen menus (the screen says so). */
  cleared: boolean;
  freeTextAcknowledged: boolean;
  /** the rules the server last asked a free-text meal to be acknowledged against */
  ackRules: FoodRule[];
  /** what the client found missing before any call (keys of `local.*`) */
  local: string[];
  /** the last check's or refused submit's problems */
  problems: Problem[];
  /** the live order a refused submit ran into */
  existing: string | null;
};

export function initialDraft(start: { order?: Partial<OrderChoice>; dates?: string[]; mealTimeIds?: number[] } = {}): DraftState {
  return {
    order: { ...NEW_CHOICE, ...start.order },
    dates: start.dates ?? [],
    mealTimeIds: start.mealTimeIds ?? [],
    mealComponentId: null,
    chosen: [],
    pending: null,
    refused: null,
    cleared: false,
    freeTextAcknowledged: false,
    ackRules: [],
    local: [],
    problems: [],
    existing: null,
  };
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

/** The fields of the choice that change the menu: set through their own actions, which clear the chosen menus. */
type MenuField = 'caregiver' | 'caregiverInfo' | 'orderType' | 'foodScope' | 'courseType' | 'dietTypeId' | 'therapeuticId' | 'cuisineTypeId';

export type DraftAction =
  /** Any other field of the order's choice (a remark, the charge, the description…). */
  | { type: 'set'; patch: Partial<Omit<OrderChoice, MenuField>> }
  | { type: 'orderType'; value: OrderType }
  | { type: 'foodScope'; value: FoodScope }
  | { type: 'courseType'; value: CourseType }
  | { type: 'filter'; name: keyof Filters; value: number | null }
  /** The caregiver's religion, vegetarian type, allergens or restricted changed: conflicts change too. */
  | { type: 'caregiverInfo'; patch: Partial<CaregiverInfo> }
  | { type: 'dates'; value: string[] }
  /** The meal types ticked, in the branch's order. */
  | { type: 'meals'; value: number[] }
  | { type: 'freeTextAck'; value: boolean }
  | { type: 'pick'; offer: MenuOffer | SetOffer; blocked: boolean }
  | { type: 'remove'; key: string }
  | { type: 'note'; note: string }
  | { type: 'dropPending' }
  | { type: 'replace'; with: MenuOffer | SetOffer }
  | { type: 'editNote'; key: string; note: string }
  /** A check or submit starts: the last answers go. */
  | { type: 'asking' }
  | { type: 'local'; keys: string[] }
  | { type: 'problems'; list: Problem[] }
  | { type: 'existing'; orderId: string };

function clearing(s: DraftState, patch: Partial<DraftState>): DraftState {
  return { ...s, ...patch, cleared: s.chosen.length > 0 || s.pending !== null, chosen: [], pending: null, refused: null };
}

/** Adds a pick: a set replaces whatever was chosen; a dish replaces the dish of its component. */
function add(chosen: Chosen[], c: Chosen): Chosen[] {
  if (c.menuSetId !== undefined) return [c];
  const rest = chosen.filter((x) => x.menuSetId === undefined && (c.componentId === undefined || x.componentId !== c.componentId));
  return [...rest, c];
}

const firstDate = (dates: string[]) => [...dates].sort()[0] ?? '';

export function filterValue(s: DraftState, name: keyof Filters): number | null {
  return name === 'mealComponentId' ? s.mealComponentId : s.order[name];
}

export function draftReducer(s: DraftState, a: DraftAction): DraftState {
  // a choice of the menu's says anew whether it cleared or refused anything; the other fields leave that as it is
  const base = { ...s, cleared: false, refused: null };
  const choice = (patch: Partial<OrderChoice>) => ({ order: { ...s.order, ...patch } });
  switch (a.type) {
    case 'set':
      return { ...s, ...choice(a.patch) };
    case 'orderType':
      // another order type than ORD carries no food: what was chosen goes; back to ORD keeps what is left
      return a.value === s.order.orderType ? base : a.value === 'ORD' ? { ...base, ...choice({ orderType: a.value }) } : clearing(s, choice({ orderType: a.value }));
    case 'foodScope':
      return a.value === s.order.foodScope ? base : clearing(s, choice({ foodScope: a.value }));
    case 'courseType':
      return a.value === s.order.courseType ? base : clearing(s, choice({ courseType: a.value }));
    case 'filter':
      if (filterValue(s, a.name) === a.value) return base;
      return clearing(s, a.name === 'mealComponentId' ? { mealComponentId: a.value } : choice({ [a.name]: a.value }));
    case 'caregiverInfo':
      return clearing(s, choice({ caregiverInfo: { ...(s.order.caregiverInfo ?? NO_CAREGIVER), ...a.patch } }));
    case 'dates':
      // another first date is another menu
      return firstDate(a.value) === firstDate(s.dates) ? { ...s, dates: a.value } : clearing(s, { dates: a.value });
    case 'meals':
      return a.value[0] === s.mealTimeIds[0] ? { ...s, mealTimeIds: a.value } : clearing(s, { mealTimeIds: a.value });
    case 'freeTextAck':
      return { ...s, freeTextAcknowledged: a.value };
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
      return draftReducer({ ...s, pending: null }, { type: 'pick', offer: a.with, blocked: false });
    case 'editNote':
      return { ...base, chosen: s.chosen.map((x) => (x.key === a.key ? { ...x, note: a.note } : x)) };
    case 'asking':
      return { ...s, local: [], problems: [], existing: null };
    case 'local':
      return { ...s, local: a.keys };
    case 'problems': {
      // the rules stay once asked for, so the box stays with the free-text meal
      const rules = freeTextRules(a.list);
      return { ...s, problems: a.list, ackRules: rules.length > 0 ? rules : s.ackRules };
    }
    case 'existing':
      return { ...s, existing: a.orderId };
  }
}

/**
 * What the draft orders: its dates in order, its meal types in the branch's order, and the
 * first of each, whose menu the form shows (the others are checked by the server).
 */
export function draftPairs(s: DraftState, mealTypes: MealType[]) {
  const dates = [...s.dates].sort();
  const mealTimeIds = mealTypes.map((m) => m.id).filter((id) => s.mealTimeIds.includes(id));
  return { dates, mealTimeIds, menuDate: dates[0] ?? '', menuMeal: mealTimeIds[0] ?? s.mealTimeIds[0] ?? 0 };
}

/** The draft's items: each chosen dish or set with its note. */
export function draftItems(chosen: Chosen[]): DraftItem[] {
  return chosen.map((c) => (c.menuSetId !== undefined ? { menuSetId: c.menuSetId, alternativeNote: c.note } : { menuId: c.menuId, alternativeNote: c.note }));
}

/**
 * The body of checkerOrderTaker / submitOrder / submitOrderMany without the patient: the
 * choice as it is, but only ORD carries food, and SPECIFIC carries a description and no dish.
 */
export function draftBody(
  o: OrderChoice,
  items: DraftItem[],
  x: { branchCode: string; idempotencyKey: string; dates: string[]; mealTimeIds: number[]; freeTextAcknowledged: boolean },
): DraftBody {
  const food = o.orderType === 'ORD';
  const specific = food && o.courseType === 'SPECIFIC';
  return {
    ...o,
    ...x,
    caregiverInfo: o.caregiverInfo ?? NO_CAREGIVER,
    items: food && !specific ? items : [],
    description: specific ? o.description.trim() : '',
    otherIds: food ? o.otherIds : [],
    remark: o.remark.trim(),
    charge: food && o.charge,
    dysphagiaFoodType: specific ? o.dysphagiaFoodType : null,
    freeTextAcknowledged: specific && x.freeTextAcknowledged,
  };
}

/** What the client can say before any call (the server checks everything again). */
export function localProblems(s: DraftState, pairs: { dates: string[]; mealTimeIds: number[] }, unmapped: boolean): string[] {
  const out: string[] = [];
  if (pairs.mealTimeIds.length === 0) out.push('noMeal');
  if (pairs.dates.length === 0) out.push('noDate');
  if (s.order.orderType === 'ORD') {
    if (s.order.courseType === 'SPECIFIC' ? s.order.description.trim() === '' : s.chosen.length === 0) out.push('noItem');
    if (s.chosen.some((c) => c.conflicts.some(overridable) && c.note.trim() === '')) out.push('noteMissing');
  }
  if (unmapped && !s.order.unmappedAllergiesChecked) out.push('unmapped');
  return out;
}
