// The edit form's values ↔ the patient the API answers and the body it takes. Dates are
// dayjs values for the pickers: a day as it is, a time as the wall clock of the branch's time
// zone (so the picker shows the branch's time whatever the browser's zone), sent back as an
// RFC 3339 time with the branch's offset.
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Patient, PatientInput } from '@/features/patients/types';

dayjs.extend(utc);
dayjs.extend(timezone);

export type FormValues = {
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string;
  lastNameEn: string;
  gender: string;
  birthday: Dayjs | null;
  nationality: string;
  religionId: number | null;
  vegetarianId: number | null;
  patientLanguage: string;
  cardLanguage: string;
  wardId: number | null;
  roomId: number | null;
  admitDate: Dayjs | null;
  plannedDischargeDate: Dayjs | null;
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
  npoFrom: Dayjs | null;
  npoTo: Dayjs | null;
  medicalOrderStart: Dayjs | null;
  medicalOrderEnd: Dayjs | null;
};

/** The form's fields (the server's 422 data.fields name the body's keys, the same names). */
export const FORM_FIELDS: readonly (keyof FormValues)[] = [
  'firstNameTh', 'lastNameTh', 'firstNameEn', 'lastNameEn', 'gender', 'birthday', 'nationality', 'religionId',
  'vegetarianId', 'patientLanguage', 'cardLanguage', 'wardId', 'roomId', 'admitDate', 'plannedDischargeDate',
  'visitStatus', 'hospitalStatus', 'diagnosis', 'additionalInfo', 'specialRequest', 'remark', 'dietTypeId',
  'therapeuticIds', 'allergenIds', 'restrictedIds', 'unmappedAllergies', 'textureDrink', 'textureFood', 'npoFrom',
  'npoTo', 'medicalOrderStart', 'medicalOrderEnd',
];

const day = (v: string | null): Dayjs | null => (v ? dayjs(v, 'YYYY-MM-DD') : null);

/** An RFC 3339 time → the same wall clock in the branch's zone, as a local dayjs (for the picker). */
export function wallClock(v: string | null, timeZone: string): Dayjs | null {
  return v ? dayjs(dayjs(v).tz(timeZone).format('YYYY-MM-DDTHH:mm:ss')) : null;
}

/** The picker's wall clock → an RFC 3339 time in the branch's zone. */
export function fromWallClock(d: Dayjs | null | undefined, timeZone: string): string | null {
  return d ? dayjs.tz(d.format('YYYY-MM-DDTHH:mm:ss'), timeZone).format() : null;
}

export function toValues(p: Patient, timeZone: string): FormValues {
  const ids = (l: { id: number }[] | null) => (l ?? []).map((r) => r.id);
  return {
    firstNameTh: p.firstNameTh, lastNameTh: p.lastNameTh, firstNameEn: p.firstNameEn, lastNameEn: p.lastNameEn,
    gender: p.gender, birthday: day(p.birthday), nationality: p.nationality,
    religionId: p.religion?.id ?? null, vegetarianId: p.vegetarian?.id ?? null,
    patientLanguage: p.patientLanguage, cardLanguage: p.cardLanguage,
    wardId: p.ward?.id ?? null, roomId: p.room?.id ?? null,
    admitDate: day(p.admitDate), plannedDischargeDate: day(p.plannedDischargeDate),
    visitStatus: p.visitStatus, hospitalStatus: p.hospitalStatus,
    diagnosis: p.diagnosis, additionalInfo: p.additionalInfo, specialRequest: p.specialRequest, remark: p.remark,
    dietTypeId: p.dietType?.id ?? null, therapeuticIds: ids(p.therapeutics), allergenIds: ids(p.allergens),
    restrictedIds: ids(p.restricted), unmappedAllergies: [...(p.unmappedAllergies ?? [])],
    textureDrink: p.textureDrink, textureFood: p.textureFood,
    npoFrom: wallClock(p.npoFrom, timeZone), npoTo: wallClock(p.npoTo, timeZone),
    medicalOrderStart: wallClock(p.medicalOrderStart, timeZone), medicalOrderEnd: wallClock(p.medicalOrderEnd, timeZone),
  };
}

/** The body of updatePatientInfo: every field (one left out would be cleared), the version read. */
export function toInput(v: FormValues, p: Pick<Patient, 'hnId' | 'branchCode' | 'version'>, timeZone: string, by: string): PatientInput {
  const text = (s: string | undefined | null) => (s ?? '').trim();
  const date = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
  const time = (d: Dayjs | null | undefined) => fromWallClock(d, timeZone);
  return {
    hnId: p.hnId, branchCode: p.branchCode, version: p.version,
    firstNameTh: text(v.firstNameTh), lastNameTh: text(v.lastNameTh), firstNameEn: text(v.firstNameEn), lastNameEn: text(v.lastNameEn),
    gender: v.gender, birthday: date(v.birthday), nationality: text(v.nationality),
    religionId: v.religionId ?? null, vegetarianId: v.vegetarianId ?? null,
    patientLanguage: v.patientLanguage, cardLanguage: v.cardLanguage,
    wardId: v.wardId ?? null, roomId: v.roomId ?? null,
    admitDate: date(v.admitDate), plannedDischargeDate: date(v.plannedDischargeDate),
    visitStatus: v.visitStatus, hospitalStatus: v.hospitalStatus,
    diagnosis: text(v.diagnosis), additionalInfo: text(v.additionalInfo), specialRequest: text(v.specialRequest), remark: text(v.remark),
    dietTypeId: v.dietTypeId ?? null, therapeuticIds: v.therapeuticIds ?? [], allergenIds: v.allergenIds ?? [],
    restrictedIds: v.restrictedIds ?? [], unmappedAllergies: (v.unmappedAllergies ?? []).map((s) => s.trim()).filter(Boolean),
    textureDrink: v.textureDrink ?? null, textureFood: v.textureFood ?? null,
    npoFrom: time(v.npoFrom), npoTo: time(v.npoTo),
    medicalOrderStart: time(v.medicalOrderStart), medicalOrderEnd: time(v.medicalOrderEnd),
    updateBy: by,
  };
}

/** A value compared field by field (dates as their text): the stale-version dialog lists where they differ. */
function comparable(v: unknown): string {
  if (dayjs.isDayjs(v)) return v.format('YYYY-MM-DDTHH:mm:ss');
  if (Array.isArray(v)) return JSON.stringify([...v].map(comparable).sort());
  if (v === undefined || v === null || v === '') return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The fields where what the user entered differs from the stored patient (409 STALE_VERSION's data.current). */
export function differingFields(mine: FormValues, theirs: FormValues): (keyof FormValues)[] {
  return FORM_FIELDS.filter((k) => comparable(mine[k]) !== comparable(theirs[k]));
}

const REF_FIELDS: Partial<Record<keyof FormValues, keyof Patient>> = {
  religionId: 'religion', vegetarianId: 'vegetarian', wardId: 'ward', roomId: 'room', dietTypeId: 'dietType',
  therapeuticIds: 'therapeutics', allergenIds: 'allergens', restrictedIds: 'restricted',
};

/** The patient's field a form field edits (religionId → religion): its label and its shown value. */
export function patientField(name: keyof FormValues): keyof Patient {
  return REF_FIELDS[name] ?? (name as keyof Patient);
}
