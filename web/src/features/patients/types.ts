// The shapes of pkg/patients (docs/api.md "Patients"); a list answer is lib's Page.

/** A master-data row a patient names: religion, ward, bed, diet type, an allergen… */
export type Ref = { id: number; code: string; nameTh: string; nameEn: string };

export const GENDERS = ['male', 'female', 'other', 'unknown'] as const;
export const PATIENT_LANGUAGES = ['TH', 'EN', 'ZH', 'JA', 'MY', 'AR', 'OTHER'] as const;
export const CARD_LANGUAGES = ['ALL', 'TH', 'EN'] as const;
export const VISIT_STATUSES = ['Current', 'PreAdmit', 'Discharge'] as const;
export const HOSPITAL_STATUSES = ['IN_HOSPITAL', 'DISCHARGED'] as const;
export const IMPORT_SOURCES = ['edit', 'excel', 'hospital'] as const;
/** IDDSI levels: drinks 0–4, foods 3–7 (null: no restriction). */
export const DRINK_LEVELS = [0, 1, 2, 3, 4] as const;
export const FOOD_LEVELS = [3, 4, 5, 6, 7] as const;

export type Patient = {
  hnId: string;
  branchCode: string;
  version: number;
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string;
  lastNameEn: string;
  gender: string;
  birthday: string | null;
  age?: number | null;
  nationality: string;
  religion: Ref | null;
  vegetarian: Ref | null;
  patientLanguage: string;
  cardLanguage: string;
  ward: Ref | null;
  room: Ref | null;
  previousRoom: Ref | null;
  admitDate: string | null;
  plannedDischargeDate: string | null;
  visitStatus: string;
  hospitalStatus: string;
  diagnosis: string;
  additionalInfo: string;
  specialRequest: string;
  remark: string;
  dietType: Ref | null;
  therapeutics: Ref[] | null;
  allergens: Ref[] | null;
  restricted: Ref[] | null;
  unmappedAllergies: string[] | null;
  textureDrink: number | null;
  textureFood: number | null;
  npoFrom: string | null;
  npoTo: string | null;
  medicalOrderStart: string | null;
  medicalOrderEnd: string | null;
  lastImportAt: string | null;
  lastImportSource: string;
  updatedAt: string;
  updatedBy: string;
};

/** A row of the list: the patient with a row key (the list has no selection, so its place is enough). */
export type PatientRow = Patient & { id: number };

/** The body of updatePatientInfo: the whole patient with references by id (a field left out is cleared). */
export type PatientInput = {
  hnId: string;
  branchCode: string;
  version: number;
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string;
  lastNameEn: string;
  gender: string;
  birthday: string | null;
  nationality: string;
  religionId: number | null;
  vegetarianId: number | null;
  patientLanguage: string;
  cardLanguage: string;
  wardId: number | null;
  roomId: number | null;
  admitDate: string | null;
  plannedDischargeDate: string | null;
  visitStatus: string;
  hospitalStatus: string;
  diagnosis: string;
  additionalInfo: string;
  specialRequest: string;
  remark: string;
  dietTypeId: number | null;
  therapeuticIds: number[];
  allergenIds: number[];
  restrictedIds: number[];
  unmappedAllergies: string[];
  textureDrink: number | null;
  textureFood: number | null;
  npoFrom: string | null;
  npoTo: string | null;
  medicalOrderStart: string | null;
  medicalOrderEnd: string | null;
  updateBy: string;
};

/** One field of a change: before and after as the patient shows it (a Ref, a list, a text, a time). */
export type FieldChange = { field: string; label: string; before: unknown; after: unknown };

/** One write of a patient in the change record. */
export type Change = {
  id: number;
  hnId: string;
  name: string;
  action: 'create' | 'update';
  source: string;
  changedBy: string;
  changedAt: string;
  fields: FieldChange[];
};

/** A choice offered by the parameter calls: the row with `value` (its id) and `text` (its name). */
export type Choice = Ref & { value: number; text: string; status?: string };
