// The shapes of pkg/orders (docs/orders.md): the order list, an order, the day's menu with
// each item's conflicts for the patient, the draft checkerOrderTaker and submitOrder read.
import type { Amounts } from '@/lib/api/get-nutrition-days';

/** A master-data row an order or a patient names. */
export type Ref = { id: number; code: string; nameTh: string; nameEn: string };

export const ORDER_TYPES = ['ORD', 'NPO', 'NML', 'DIS'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_STATUSES = ['WAITING', 'FASTING', 'NO_MEAL', 'CANCELLED', 'SERVED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const FOOD_SCOPES = ['NORMAL', 'BOTH', 'DYSPHAGIA'] as const;
export type FoodScope = (typeof FOOD_SCOPES)[number];
export const COURSE_TYPES = ['MENU', 'SET', 'SPECIFIC'] as const;
export type CourseType = (typeof COURSE_TYPES)[number];
export const CANCEL_REASONS = ['PATIENT', 'DOCTOR', 'NUTRITIONIST'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
/** The list's status filter: everything, no order for a meal, flagged, or a status. */
export const LIST_STATUSES = ['All', 'NOT_ORDERED', 'NEEDS_REVIEW', ...ORDER_STATUSES] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

/** A meal type of the branch (a meal_time master row) with its window and colours. */
export type MealType = Ref & {
  startTime?: string;
  endTime?: string;
  abbreviation: string;
  mealColor: string;
  textColor: string;
};


/** An order as the list carries it under a meal. */
export type OrderBrief = Pick<Order, 'orderId' | 'orderType' | 'status' | 'needsReview'>;

/** One meal type of a row: its colours, whether NPO covers it, the patient's and the caregiver's order. */
export type MealCell = {
  mealTimeId: number;
  code: string;
  nameTh: string;
  nameEn: string;
  abbreviation: string;
  mealColor: string;
  textColor: string;
  npo: boolean;
  order: OrderBrief | null;
  caregiverOrder: OrderBrief | null;
};

/** The patient facts the ordering screens show and check. */
export type OrderPatient = {
  hnId: string;
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string;
  lastNameEn: string;
  ward: Ref | null;
  room: Ref | null;
  dietType: Ref | null;
  therapeutics: Ref[] | null;
  allergens: Ref[] | null;
  restricted: Ref[] | null;
  unmappedAllergies: string[] | null;
  religion: Ref | null;
  vegetarian: Ref | null;
  textureFood: number | null;
  textureDrink: number | null;
  npoFrom: string | null;
  npoTo: string | null;
  visitStatus: string;
  hospitalStatus: string;
  version: number;
};

/** A row of the order list: a patient of the date and each meal type's order. */
export type OrderRow = OrderPatient & { id: number; needsReview: boolean; meals: MealCell[] };

export type OrderPage = { items: OrderRow[]; total: number; page: number; size: number; mealTypes: MealType[] };

export const CONFLICT_KINDS = ['ALLERGEN', 'RESTRICTED', 'RELIGION', 'VEGETARIAN', 'TEXTURE'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/** An ingredient (or a texture) of a dish this patient must not have. */
export type Conflict = {
  kind: ConflictKind;
  code: string;
  nameTh: string;
  nameEn: string;
  menuId?: number;
  menuCode?: string;
  menuNameTh?: string;
  menuNameEn?: string;
};

/** A dish as the menu resolver gives it (the fields these screens read). */
export type Dish = Ref & {
  mealComponentId?: number;
  mealComponentCode?: string;
  mealComponentNameTh?: string;
  mealComponentNameEn?: string;
  iddsiType?: 'FOOD' | 'DRINK';
  iddsiLevel?: number;
  allergens?: Ref[] | null;
  restricted?: Ref[] | null;
  price?: number;
};

export type DishSet = Ref & { menus?: Dish[] | null; allergens?: Ref[] | null; price?: number };

export type MenuOffer = { menu: Dish; conflicts: Conflict[] | null; blocked: boolean };
export type SetOffer = { menuSet: DishSet; conflicts: Conflict[] | null; blocked: boolean };

/** The day's menu for a meal, filtered, every item with its conflicts for this patient. */
export type FilteredMenu = { covered: boolean; dateOrder: string; mealTimeId: number; menus: MenuOffer[] | null; sets: SetOffer[] | null };

/** A caregiver's stated restrictions (no texture). */
export type CaregiverInfo = { religionId: number | null; vegetarianId: number | null; allergenIds: number[]; restrictedIds: number[] };

/** One of a person's food rules a free-text meal is acknowledged against. */
export type FoodRule = { kind: string; code: string; nameTh: string; nameEn: string };

/** A reason a draft cannot be ordered (message in the caller's language). */
export type Problem = {
  code: string;
  field?: string;
  message: string;
  dateOrder?: string;
  mealTimeId?: number;
  menuId?: number;
  menuSetId?: number;
  conflicts?: Conflict[] | null;
  /** FREE_TEXT: the rules to acknowledge */
  rules?: FoodRule[] | null;
};

export type CheckResult = { ok: boolean; problems: Problem[] | null };

/** An ordered dish or set with the conflicts it was accepted with and the note that let them through. */
export type OrderItem = {
  position: number;
  menuId: number | null;
  menuSetId: number | null;
  code: string;
  nameTh: string;
  nameEn: string;
  alternativeNote: string;
  conflicts: Conflict[] | null;
};

/**
 * The one order of these screens: pkg/orders.Order as the API answers it (getOrderDetails
 * adds `patient`). The form edits its `OrderChoice`, the list carries its `OrderBrief`.
 */
export type Order = {
  orderId: string;
  branchCode: string;
  hnId: string;
  caregiver: boolean;
  /** a caregiver's stated restrictions (null for a patient) */
  caregiverInfo: CaregiverInfo | null;
  dateOrder: string;
  mealTimeId: number;
  mealType: MealType;
  orderType: OrderType;
  status: OrderStatus;
  foodScope: FoodScope;
  /** null unless an ORD */
  courseType: CourseType | null;
  dietTypeId: number | null;
  therapeuticId: number | null;
  cuisineTypeId: number | null;
  description: string;
  remark: string;
  charge: boolean;
  dysphagiaFoodType: number | null;
  unmappedAllergiesChecked: boolean;
  /** the food rules a free-text meal was acknowledged against (null: none was needed) */
  freeTextRules: FoodRule[] | null;
  otherIds: number[] | null;
  remarkIds: number[] | null;
  items: OrderItem[] | null;
  needsReview: boolean;
  reviewReasons: string[] | null;
  orderedBy: string;
  orderedAt: string;
  cancelledBy: string | null;
  cancelledAt: string | null;
  cancelReason: CancelReason | null;
  cancelRemark: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
  version: number;
  /** what the tray gives, by nutrient, in base units (kcal, g, sodium in mg; docs/nutrition.md) */
  nutrients: Amounts;
  /** getOrderDetails only: the patient as /api/patient/getDataByHn answers it */
  patient?: OrderPatient | null;
};

/** A field of the order holding one text, number or code (a plain field: one label, one value). */
export type PlainField = { [K in keyof Order]-?: Order[K] extends string | number | null ? K : never }[keyof Order];

/**
 * The plain fields the order's details show after its status, in this order: each labelled by
 * the orders locale's `field.<key>` (the change log's name of the field too), a coded field's
 * value by its words (`<key>.<value>`, the section the form reads), another as it is. A field
 * with no value (null or empty) is left out. A plain field added to the order is shown by a
 * line here.
 */
export const DETAIL_FIELDS: readonly { key: PlainField; coded?: boolean }[] = [{ key: 'courseType', coded: true }];

/** What the order form chooses of an order: the same for each date and meal type of a draft. */
export type OrderChoice = Pick<
  Order,
  | 'caregiver' | 'caregiverInfo' | 'orderType' | 'foodScope' | 'courseType' | 'dietTypeId' | 'therapeuticId' | 'cuisineTypeId'
  | 'description' | 'otherIds' | 'remarkIds' | 'remark' | 'charge' | 'dysphagiaFoodType' | 'unmappedAllergiesChecked'
>;

export const NO_CAREGIVER: CaregiverInfo = { religionId: null, vegetarianId: null, allergenIds: [], restrictedIds: [] };

/** A new order's choice: a field added to the order gets its default here. */
export const NEW_CHOICE: OrderChoice = {
  caregiver: false,
  caregiverInfo: NO_CAREGIVER,
  orderType: 'ORD',
  foodScope: 'BOTH',
  courseType: 'MENU',
  dietTypeId: null,
  therapeuticId: null,
  cuisineTypeId: null,
  description: '',
  otherIds: [],
  remarkIds: [],
  remark: '',
  charge: false,
  dysphagiaFoodType: null,
  unmappedAllergiesChecked: false,
};

export type DraftItem = { menuId?: number; menuSetId?: number; alternativeNote: string };

/** What a draft orders for whichever patients: the body of checkerOrderTaker and submitOrder without the patient (draft.ts `draftBody` builds it). */
export type DraftBody = OrderChoice & {
  branchCode: string;
  idempotencyKey: string;
  dates: string[];
  mealTimeIds: number[];
  items: DraftItem[];
  /** the person acknowledges a free-text meal against their food rules (FREE_TEXT) */
  freeTextAcknowledged: boolean;
};

/** The body of checkerOrderTaker and submitOrder. */
export type Draft = DraftBody & { hnId: string; patientVersion: number };

/** A patient ordered or refused by submitOrderMany / copyOrders. */
export type ManyResult = {
  ordered: { hnId: string; orders: unknown[] | null }[] | null;
  refused: { hnId: string; problems: Problem[] | null }[] | null;
};

/** The name in the interface language, the other one when it is empty. */
export function localName(r: { nameTh?: string | null; nameEn?: string | null; code?: string } | null | undefined, lang: string): string {
  if (!r) return '';
  const th = r.nameTh ?? '';
  const en = r.nameEn ?? '';
  return (lang === 'en' ? en || th : th || en) || r.code || '';
}

/** A person's name in the interface language. */
export function personName(p: Pick<OrderPatient, 'firstNameTh' | 'lastNameTh' | 'firstNameEn' | 'lastNameEn'>, lang: string): string {
  const th = `${p.firstNameTh ?? ''} ${p.lastNameTh ?? ''}`.trim();
  const en = `${p.firstNameEn ?? ''} ${p.lastNameEn ?? ''}`.trim();
  return lang === 'en' ? en || th : th || en;
}
