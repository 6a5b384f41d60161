// The records of the menus area as docs/api.md "Menus" answers them.

export type Status = 'ACTIVE' | 'INACTIVE';
export type IddsiType = 'FOOD' | 'DRINK';
export type RoundType = 'LOOP' | 'WEEKDAY';

/** A master-data row a record names. */
export type Ref = { id: number; code: string; nameTh: string; nameEn: string; status?: Status };

export type Nutrient = { nutrient: string; amount: number; unitId: number; unitCode?: string; unit?: string };

/** A dish. Its allergens and restricted ingredients are derived from its ingredients by the server. */
export type Menu = {
  id: number;
  code: string;
  nameTh: string;
  nameEn: string;
  cuisineTypeId: number;
  cuisineTypeCode: string;
  cuisineTypeNameTh: string;
  cuisineTypeNameEn: string;
  mealComponentId: number;
  mealComponentCode: string;
  mealComponentNameTh: string;
  mealComponentNameEn: string;
  iddsiType: IddsiType;
  iddsiLevel: number;
  price: number;
  remark: string;
  status: Status;
  updatedAt: string;
  updatedBy: string;
  allergens: Ref[];
  restricted: Ref[];
  mealClasses: Ref[];
  dietTypes: Ref[];
  therapeutics: Ref[];
  nutrients: Nutrient[];
};

/** A dish of a set. */
export type SetMenu = Ref & {
  mealComponentId: number;
  mealComponentCode: string;
  mealComponentNameTh: string;
  mealComponentNameEn: string;
  iddsiType: IddsiType;
  iddsiLevel: number;
};

export type Texture = { iddsiType: IddsiType; iddsiLevel: number };

export type MenuSet = {
  id: number;
  code: string;
  nameTh: string;
  nameEn: string;
  trayCategoryId: number | null;
  trayCategoryCode: string | null;
  trayCategoryNameTh: string | null;
  trayCategoryNameEn: string | null;
  dietTypeId: number | null;
  dietTypeCode: string | null;
  dietTypeNameTh: string | null;
  dietTypeNameEn: string | null;
  therapeuticId: number | null;
  therapeuticCode: string | null;
  therapeuticNameTh: string | null;
  therapeuticNameEn: string | null;
  price: number;
  remark: string;
  status: Status;
  updatedAt: string;
  updatedBy: string;
  menus: SetMenu[];
  allergens: Ref[];
  restricted: Ref[];
  textures: Texture[];
};

/** A rotating menu round; dates are YYYY-MM-DD, endDate null: open-ended. */
export type Cycle = {
  id: number;
  code: string;
  nameTh: string;
  nameEn: string;
  roundType: RoundType;
  dayCount: number;
  startDate: string;
  endDate: string | null;
  remark: string;
  status: Status;
  updatedAt: string;
  updatedBy: string;
  /** How many contents the round has. */
  items: number;
};

/** A content of a round: on a day, for a meal type, a dish or a set. */
export type CycleMenu = {
  id: number;
  cycleId: number;
  dayNo: number;
  mealTimeId: number;
  mealTimeCode: string;
  mealTimeNameTh: string;
  mealTimeNameEn: string;
  mealColor: string;
  textColor: string;
  menuId: number | null;
  menuCode: string | null;
  menuNameTh: string | null;
  menuNameEn: string | null;
  menuSetId: number | null;
  menuSetCode: string | null;
  menuSetNameTh: string | null;
  menuSetNameEn: string | null;
  trayCategoryId: number | null;
  dietTypeId: number | null;
  therapeuticId: number | null;
  cuisineTypeId: number | null;
};

/** The name in the interface language, the other one when it is empty. */
export function localName(r: { nameTh?: string | null; nameEn?: string | null }, lang: string): string {
  const th = r.nameTh ?? '';
  const en = r.nameEn ?? '';
  return lang === 'en' ? en || th : th || en;
}
