// What the generic list and form need to know about each master-data kind of SPEC.md §3:
// its API suffix (searchX, updateX, deleteX, the import/export type) and its own fields
// (docs/api.md, "Master data"). Labels are keys of locales/<lang>/master-data.json.
import { pickName } from '@/lib/names';
import { NUTRIENTS } from '@/lib/nutrients';

/** A meal type's abbreviation: exactly two letters, Thai or Latin (SPEC.md §3), as the server checks it. */
export const ABBREVIATION = /^\p{L}{2}$/u;

export type KindType =
  | 'DietType'
  | 'Therapeutic'
  | 'Allergies'
  | 'Restricted'
  | 'CuisineType'
  | 'MealTime'
  | 'MealClass'
  | 'NutrientUnit'
  | 'Remark'
  | 'Other'
  | 'MealComponent'
  | 'TrayCategory'
  | 'Religion'
  | 'Vegetarian'
  | 'WardType'
  | 'Ward'
  | 'RoomType'
  | 'Room'
  | 'RoomMealClass'
  | 'NutrientTarget';

export { NUTRIENTS, NUTRIENT_UNIT, type Nutrient } from '@/lib/nutrients';

export type FieldSpec =
  | { name: string; type: 'text'; required?: boolean; max?: number; multiline?: boolean }
  /** Exactly two letters, Thai or Latin (a meal type's abbreviation; SPEC.md §3). */
  | { name: string; type: 'abbreviation'; required: true }
  | { name: string; type: 'bool' }
  /** "HH:MM", 24-hour. */
  | { name: string; type: 'time'; required: true }
  /** "#RRGGBB". */
  | { name: string; type: 'color'; required: true }
  | { name: string; type: 'int'; required: true; min: number; max: number }
  /** A number of up to two decimals, at least 0, or none. */
  | { name: string; type: 'decimal' }
  /** One of a fixed list, its words under `options.<name>.<value>` (a target's nutrient). */
  | { name: string; type: 'choice'; required: true; options: readonly string[] }
  /** The id of a row of another kind; answered with `<base>Code`, `<base>NameTh`, `<base>NameEn`. */
  | { name: string; type: 'ref'; ref: KindType; base: string; required: boolean }
  /** A list of ids of another kind's rows, answered as `display: [{id, code, nameTh, nameEn}]`. */
  | { name: string; type: 'list'; ref: KindType; display: string };

export type KindSpec = {
  type: KindType;
  /** No name of its own (room type → food group mapping). */
  noName?: boolean;
  fields: FieldSpec[];
};

const remark: FieldSpec = { name: 'remark', type: 'text', max: 500, multiline: true };
const restricted: FieldSpec = { name: 'restrictedIds', type: 'list', ref: 'Restricted', display: 'restricted' };

export const KINDS: Record<KindType, KindSpec> = {
  DietType: { type: 'DietType', fields: [remark] },
  Therapeutic: {
    type: 'Therapeutic',
    fields: [
      { name: 'type', type: 'text', max: 100 },
      { name: 'mealPlan', type: 'bool' },
    ],
  },
  Allergies: { type: 'Allergies', fields: [remark] },
  Restricted: { type: 'Restricted', fields: [remark] },
  CuisineType: { type: 'CuisineType', fields: [remark] },
  MealTime: {
    type: 'MealTime',
    fields: [
      { name: 'startTime', type: 'time', required: true },
      { name: 'endTime', type: 'time', required: true },
      { name: 'abbreviation', type: 'abbreviation', required: true },
      { name: 'textColor', type: 'color', required: true },
      { name: 'mealColor', type: 'color', required: true },
    ],
  },
  MealClass: { type: 'MealClass', fields: [remark, { name: 'aLaCarte', type: 'bool' }] },
  NutrientUnit: { type: 'NutrientUnit', fields: [{ name: 'unit', type: 'text', required: true, max: 30 }] },
  Remark: { type: 'Remark', fields: [] },
  Other: { type: 'Other', fields: [] },
  MealComponent: { type: 'MealComponent', fields: [] },
  TrayCategory: { type: 'TrayCategory', fields: [] },
  Religion: { type: 'Religion', fields: [restricted] },
  Vegetarian: { type: 'Vegetarian', fields: [restricted] },
  WardType: {
    type: 'WardType',
    fields: [
      { name: 'startAge', type: 'int', required: true, min: 0, max: 150 },
      { name: 'endAge', type: 'int', required: true, min: 0, max: 150 },
    ],
  },
  Ward: {
    type: 'Ward',
    fields: [
      { name: 'wardTypeId', type: 'ref', ref: 'WardType', base: 'wardType', required: true },
      { name: 'description', type: 'text', max: 500, multiline: true },
    ],
  },
  RoomType: { type: 'RoomType', fields: [remark] },
  Room: {
    type: 'Room',
    fields: [
      { name: 'wardId', type: 'ref', ref: 'Ward', base: 'ward', required: true },
      { name: 'roomTypeId', type: 'ref', ref: 'RoomType', base: 'roomType', required: true },
    ],
  },
  RoomMealClass: {
    type: 'RoomMealClass',
    noName: true,
    fields: [
      { name: 'roomTypeId', type: 'ref', ref: 'RoomType', base: 'roomType', required: true },
      { name: 'mealClassId', type: 'ref', ref: 'MealClass', base: 'mealClass', required: false },
      { name: 'description', type: 'text', max: 500, multiline: true },
    ],
  },
  NutrientTarget: {
    type: 'NutrientTarget',
    noName: true,
    fields: [
      { name: 'dietTypeId', type: 'ref', ref: 'DietType', base: 'dietType', required: false },
      { name: 'therapeuticId', type: 'ref', ref: 'Therapeutic', base: 'therapeutic', required: false },
      { name: 'nutrient', type: 'choice', required: true, options: NUTRIENTS },
      { name: 'dailyMin', type: 'decimal' },
      { name: 'dailyMax', type: 'decimal' },
      { name: 'mealMin', type: 'decimal' },
      { name: 'mealMax', type: 'decimal' },
    ],
  },
};

/** A master-data row as the API answers it (own fields vary by kind). */
export type MasterRecord = {
  id: number;
  code: string;
  nameTh: string;
  nameEn: string;
  status: 'ACTIVE' | 'INACTIVE';
  updatedAt: string;
  updatedBy: string;
  [field: string]: unknown;
};

/** An item of a list field (a religion's restricted ingredients). */
export type ListItem = { id: number; code: string; nameTh: string; nameEn: string };

/** The name to show in the interface language: English when there is one, else Thai. */
export function localName(r: { nameTh?: unknown; nameEn?: unknown }, lang: string): string {
  return pickName(lang, typeof r.nameTh === 'string' ? r.nameTh : '', typeof r.nameEn === 'string' ? r.nameEn : '');
}

/** A kind's label inside an English sentence starts in lower case ("Add food type"). */
export function inSentence(label: string, lang: string): string {
  return lang === 'en' ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}
