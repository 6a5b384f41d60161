import { initialValues, toRecord } from '@/features/master-data/form-values';
import { ABBREVIATION, KINDS, type MasterRecord } from '@/features/master-data/kinds';

const base = { id: 5, code: 'X1', nameTh: 'ไทย', nameEn: 'Eng', status: 'ACTIVE', updatedAt: '2026-11-22T02:00:00Z', updatedBy: 'D0004' } as const;

describe('the generic form’s values', () => {
  it('starts a new meal type with black text on white and no times', () => {
    expect(initialValues(KINDS.MealTime, null)).toEqual({
      code: '', nameTh: '', nameEn: '', startTime: undefined, endTime: undefined, abbreviation: undefined,
      textColor: '#000000', mealColor: '#FFFFFF',
    });
  });

  it('edits a religion by the ids of its ingredients and sends them back with its id', () => {
    const rec: MasterRecord = { ...base, restricted: [{ id: 1, code: 'RI01', nameTh: 'หมู', nameEn: 'Pork' }, { id: 3, code: 'RI03', nameTh: 'เหล้า', nameEn: '' }] };
    const v = initialValues(KINDS.Religion, rec);
    expect(v.restrictedIds).toEqual([1, 3]);
    expect(toRecord(KINDS.Religion, { ...v, code: ' X1 ', nameTh: ' ไทย ' }, rec)).toEqual({
      id: 5, code: 'X1', nameTh: 'ไทย', nameEn: 'Eng', restrictedIds: [1, 3],
    });
  });

  it('sends an unset reference as null and no names for the room type → food group mapping', () => {
    const body = toRecord(KINDS.RoomMealClass, { code: 'RM1', roomTypeId: 2, mealClassId: undefined, description: ' d ' }, null);
    expect(body).toEqual({ code: 'RM1', roomTypeId: 2, mealClassId: null, description: 'd' });
  });

  it('keeps numbers and booleans as such (ages, counts in meal plan)', () => {
    expect(toRecord(KINDS.WardType, { code: 'W', nameTh: 'ท', nameEn: '', startAge: 0, endAge: 14 }, null)).toMatchObject({ startAge: 0, endAge: 14 });
    expect(toRecord(KINDS.Therapeutic, { code: 'T', nameTh: 'ท', type: 'x', mealPlan: undefined }, null)).toMatchObject({ mealPlan: false, type: 'x' });
    const rec: MasterRecord = { ...base, wardTypeId: 0 };
    expect(initialValues(KINDS.Ward, rec).wardTypeId).toBeUndefined();
  });
});

describe('a meal type’s abbreviation (issue 19 item 6)', () => {
  it('is two letters, Thai or Latin; a digit, a sign, a space or a third letter is refused', () => {
    for (const ok of ['BF', 'LU', 'ชา', 'ab']) expect(ABBREVIATION.test(ok)).toBe(true);
    for (const bad of ['L1', '1L', 'B', 'BFX', 'B-', 'B ', '  ', '']) expect(ABBREVIATION.test(bad)).toBe(false);
  });
});

