import { describe, expect, it, vi, beforeEach } from 'vitest';
import en from '@/locales/en/patients.json';
import th from '@/locales/th/patients.json';

const apiGet = vi.fn();
vi.mock('@/lib/api-client', () => ({
  apiGet: (...a: unknown[]) => apiGet(...a),
  isApiError: (e: unknown) => typeof e === 'object' && e !== null && 'status' in e && 'code' in e,
}));

import { searchPatients } from '@/features/patients/api/search-patients';
import { staleCurrent } from '@/features/patients/api/update-patient';
import { showValue } from '@/features/patients/change-values';
import {
  COLUMN_KEYS, DEFAULT_COLUMNS, FIXED_COLUMNS, npoState, readColumns, SORTABLE, sortByOf, writeColumns,
} from '@/features/patients/columns';
import { differingFields, patientField, toInput, toValues, FORM_FIELDS } from '@/features/patients/form-values';
import type { Patient } from '@/features/patients/types';

function keys(o: unknown, prefix = ''): string[] {
  if (o === null || typeof o !== 'object') return [prefix];
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const ward = { id: 5, code: 'W5', nameTh: 'อายุรกรรมชาย', nameEn: 'Medical (male)' };
const bed = { id: 51, code: 'W5-01', nameTh: 'เตียง 1', nameEn: 'Bed 1' };
const peanut = { id: 7, code: 'AL01', nameTh: 'ถั่วลิสง', nameEn: 'Peanut' };

const patient: Patient = {
  hnId: 'HN001', branchCode: 'SRP01', version: 3,
  firstNameTh: 'สมชาย', lastNameTh: 'ใจดี', firstNameEn: 'Somchai', lastNameEn: 'Jaidee',
  gender: 'male', birthday: '1960-02-29', age: 66, nationality: 'ไทย',
  religion: null, vegetarian: null, patientLanguage: 'TH', cardLanguage: 'ALL',
  ward, room: bed, previousRoom: null, admitDate: '2026-11-20', plannedDischargeDate: null,
  visitStatus: 'Current', hospitalStatus: 'IN_HOSPITAL', diagnosis: 'DM', additionalInfo: '', specialRequest: 'ไม่เผ็ด', remark: '',
  dietType: null, therapeutics: [], allergens: [peanut], restricted: null, unmappedAllergies: ['กุ้งแห้ง'],
  textureDrink: 2, textureFood: null,
  // 06:00 and 12:00 in Bangkok
  npoFrom: '2026-11-24T23:00:00Z', npoTo: '2026-11-25T05:00:00Z',
  medicalOrderStart: null, medicalOrderEnd: null, lastImportAt: null, lastImportSource: 'edit',
  updatedAt: '2026-11-24T01:00:00Z', updatedBy: 'C001',
};

describe('patients locale', () => {
  it('has every Thai string in English and the other way round, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(th).sort());
    for (const [lang, d] of [['th', th], ['en', en]] as const) {
      for (const k of keys(d)) {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], d);
        expect(typeof v === 'string' && v.length > 0, `${lang}:${k}`).toBe(true);
      }
    }
  });

  it('names every column, and labels every form field', () => {
    for (const k of COLUMN_KEYS) expect(th.columns[k as keyof typeof th.columns], k).toBeTruthy();
    for (const f of FORM_FIELDS) expect(th.form[patientField(f) as keyof typeof th.form], f).toBeTruthy();
  });
});

describe('the chosen columns', () => {
  it('are the defaults when nothing or something unreadable is stored', () => {
    expect(readColumns(null)).toEqual(COLUMN_KEYS.filter((k) => DEFAULT_COLUMNS.includes(k)));
    expect(readColumns('{not json')).toEqual(readColumns(null));
    expect(readColumns('"ward"')).toEqual(readColumns(null));
  });

  it('keep the list order, drop unknown names and always hold HN, name, allergies and NPO', () => {
    const stored = writeColumns(['remark', 'bogus', 'ward']);
    expect(JSON.parse(stored)).toEqual(['hnId', 'name', 'allergens', 'npo', 'ward', 'remark']);
    expect(readColumns(stored)).toEqual(['hnId', 'name', 'allergens', 'npo', 'ward', 'remark']);
    expect(readColumns('[]')).toEqual(COLUMN_KEYS.filter((k) => FIXED_COLUMNS.includes(k)));
  });

  it('sort by the server names: the name by language, NPO by its start; vegetarian and restricted not at all', () => {
    expect(sortByOf('name', 'th')).toBe('name');
    expect(sortByOf('name', 'en')).toBe('nameEn');
    expect(sortByOf('npo', 'th')).toBe('npoFrom');
    expect(sortByOf('ward', 'en')).toBe('ward');
    expect(sortByOf(undefined, 'th')).toBeUndefined();
    expect(SORTABLE).not.toContain('vegetarian');
    expect(SORTABLE).not.toContain('restricted');
  });
});

describe('NPO at a glance', () => {
  const from = '2026-11-25T06:00:00+07:00';
  const to = '2026-11-25T12:00:00+07:00';
  it('is upcoming before its start, now until its end, gone after', () => {
    expect(npoState(from, to, new Date('2026-11-25T05:59:00+07:00'))).toBe('upcoming');
    expect(npoState(from, to, new Date('2026-11-25T06:00:00+07:00'))).toBe('now');
    expect(npoState(from, to, new Date('2026-11-25T12:00:00+07:00'))).toBeNull();
    expect(npoState(from, null, new Date('2030-01-01T00:00:00Z'))).toBe('now');
    expect(npoState(null, null, new Date())).toBeNull();
  });
});

describe('the edit form', () => {
  it('sends back the whole patient unchanged, times in the branch zone whatever the browser', () => {
    const body = toInput(toValues(patient, 'Asia/Bangkok'), patient, 'Asia/Bangkok', 'C001');
    expect(body).toEqual({
      hnId: 'HN001', branchCode: 'SRP01', version: 3,
      firstNameTh: 'สมชาย', lastNameTh: 'ใจดี', firstNameEn: 'Somchai', lastNameEn: 'Jaidee',
      gender: 'male', birthday: '1960-02-29', nationality: 'ไทย', religionId: null, vegetarianId: null,
      patientLanguage: 'TH', cardLanguage: 'ALL', wardId: 5, roomId: 51, admitDate: '2026-11-20', plannedDischargeDate: null,
      visitStatus: 'Current', hospitalStatus: 'IN_HOSPITAL', diagnosis: 'DM', additionalInfo: '', specialRequest: 'ไม่เผ็ด', remark: '',
      dietTypeId: null, therapeuticIds: [], allergenIds: [7], restrictedIds: [], unmappedAllergies: ['กุ้งแห้ง'],
      textureDrink: 2, textureFood: null,
      npoFrom: '2026-11-25T06:00:00+07:00', npoTo: '2026-11-25T12:00:00+07:00',
      medicalOrderStart: null, medicalOrderEnd: null, updateBy: 'C001',
    });
  });

  it('shows a time as the branch wall clock in the picker', () => {
    expect(toValues(patient, 'Asia/Bangkok').npoFrom?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-25 06:00');
  });

  it('trims texts and drops empty unmapped allergies', () => {
    const v = { ...toValues(patient, 'Asia/Bangkok'), firstNameTh: '  สมหญิง ', unmappedAllergies: [' ', 'ปลาร้า '] };
    const body = toInput(v, patient, 'Asia/Bangkok', 'C001');
    expect(body.firstNameTh).toBe('สมหญิง');
    expect(body.unmappedAllergies).toEqual(['ปลาร้า']);
  });

  it('lists the fields where the stored record differs from what was typed (409 STALE_VERSION)', () => {
    const mine = { ...toValues(patient, 'Asia/Bangkok'), remark: 'เพิ่มน้ำ', allergenIds: [7] };
    const theirs = toValues({ ...patient, version: 4, room: { ...bed, id: 52 }, allergens: [peanut], remark: '' }, 'Asia/Bangkok');
    expect(differingFields(mine, theirs)).toEqual(['roomId', 'remark']);
    expect(differingFields(mine, mine)).toEqual([]);
  });

  it('reads the stored patient of a stale save only from 409 STALE_VERSION', () => {
    expect(staleCurrent({ status: 409, code: 'STALE_VERSION', data: { current: patient } })).toBe(patient);
    expect(staleCurrent({ status: 409, code: 'ROOM_TAKEN', data: null })).toBeNull();
    expect(staleCurrent(new Error('x'))).toBeNull();
  });
});

describe('the change record values', () => {
  const t = (k: string, o?: Record<string, unknown>) => `${k}${o && 'level' in o ? `:${String(o.level)}` : ''}`;
  it('shows references by name, lists joined, days and times in the language, fixed values by label', () => {
    expect(showValue('room', bed, 'th', 'Asia/Bangkok', t)).toBe('เตียง 1');
    expect(showValue('room', bed, 'en', 'Asia/Bangkok', t)).toBe('Bed 1');
    expect(showValue('allergens', [peanut, ward], 'en', 'Asia/Bangkok', t)).toBe('Peanut, Medical (male)');
    expect(showValue('admitDate', '2026-11-20', 'th', 'Asia/Bangkok', t)).toBe('20 พ.ย. 2569');
    expect(showValue('npoFrom', '2026-11-24T23:00:00Z', 'en', 'Asia/Bangkok', t)).toBe('25 Nov 2026 06:00');
    expect(showValue('gender', 'male', 'th', 'Asia/Bangkok', t)).toBe('enum.gender.male');
    expect(showValue('textureDrink', 0, 'th', 'Asia/Bangkok', t)).toBe('enum.texture:0');
    expect(showValue('remark', null, 'th', 'Asia/Bangkok', t)).toBe('');
    expect(showValue('unmappedAllergies', [], 'th', 'Asia/Bangkok', t)).toBe('');
  });
});

describe('the patient search call', () => {
  beforeEach(() => apiGet.mockReset());
  it('sends the filters as docs/api.md names them and keys each row by its place', async () => {
    apiGet.mockResolvedValue({ items: [patient, { ...patient, hnId: 'HN002' }], total: 42, page: 3, size: 20 });
    const page = await searchPatients({ branch: 'SRP01', criteria: 'สม', page: 3, size: 20, sortBy: 'ward', sortDesc: true, ward: '5', status: 'ALL' });
    expect(apiGet).toHaveBeenCalledWith('/patient/search', {
      query: { branch: 'SRP01', criteria: 'สม', page: 3, size: 20, sortBy: 'ward', sortDesc: true, ward: '5', status: 'ALL' },
      silent: true,
    });
    expect(page.items.map((p) => [p.id, p.hnId])).toEqual([[41, 'HN001'], [42, 'HN002']]);
  });

  it('leaves out an empty search and the direction of no sort', async () => {
    apiGet.mockResolvedValue({ items: [], total: 0, page: 1, size: 20 });
    await searchPatients({ branch: 'SRP01', criteria: '', page: 1, size: 20, ward: 'ALL', status: 'IN_HOSPITAL' });
    expect(apiGet.mock.calls[0][1].query).toMatchObject({ criteria: undefined, sortBy: undefined, sortDesc: undefined, status: 'IN_HOSPITAL' });
  });
});
