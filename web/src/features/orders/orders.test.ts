// @vitest-environment jsdom
import { ApiError } from '@/lib/api-client';
import { conflictNames, endsAttempt, errorText, existingOrder, freeTextRules, problemsOf, reviewNotes } from '@/features/orders/answers';
import { ordersResources } from '@/features/orders/i18n';
import { backRow, formPath, formState, listPath, readTarget } from '@/features/orders/paths';
import { npoState } from '@/features/orders/components/parts';
import { mealsAhead } from '@/features/orders/components/bulk-order-modal';
import { DETAIL_FIELDS, type Conflict } from '@/features/orders/types';

const peanut: Conflict = { kind: 'ALLERGEN', code: 'AL02', nameTh: 'ถั่วลิสง', nameEn: 'Peanut', menuId: 13 };

describe('answers', () => {
  it('reads the existing order of a 409 and the problems of a 422', () => {
    const conflict = new ApiError(409, { code: 'ALREADY_ORDERED', msg: 'already', data: { existing: { orderId: 'o-1', mealTimeId: 2 } } }, false);
    expect(existingOrder(conflict)).toEqual({ orderId: 'o-1', mealTimeId: 2 });
    // the server answers every live order in the way, as a list
    const several = new ApiError(409, { code: 'ALREADY_ORDERED', msg: 'already', data: { existing: [{ orderId: 'o-2' }, { orderId: 'o-3' }] } }, false);
    expect(existingOrder(several)).toEqual({ orderId: 'o-2' });
    expect(existingOrder(new ApiError(409, { code: 'OTHER', msg: '', data: null }, false))).toBeNull();
    const invalid = new ApiError(422, { code: 'VALIDATION', msg: 'no', data: { problems: [{ code: 'NPO', message: 'fasting' }] } }, false);
    expect(problemsOf(invalid)).toEqual([{ code: 'NPO', message: 'fasting' }]);
    expect(errorText(invalid, 'fallback')).toBe('no');
    expect(errorText(new ApiError(404, null, false), 'fallback')).toBe('fallback');
    expect(errorText(new ApiError(500, null, true), 'fallback')).toBeNull();
  });

  it('keeps the idempotency key after a lost connection or a database away (the write may be made), not after an answer', () => {
    expect(endsAttempt(new ApiError(0, null, true))).toBe(false);
    expect(endsAttempt(new ApiError(503, { code: 'UNAVAILABLE', msg: 'away', data: null }, false))).toBe(false);
    expect(endsAttempt(new ApiError(422, { code: 'VALIDATION', msg: 'no', data: null }, false))).toBe(true);
    expect(endsAttempt(new ApiError(500, { code: 'INTERNAL', msg: 'x', data: null }, true))).toBe(true);
  });

  it('asks a refused review for an alternative per conflicting item, once each', () => {
    expect(reviewNotes([
      { code: 'CONFLICT', message: 'a', menuId: 13, dateOrder: '2026-11-25' },
      { code: 'CONFLICT', message: 'b', menuId: 13 },
      { code: 'CONFLICT', message: 'c', menuSetId: 3 },
      { code: 'TEXTURE', message: 'd', menuId: 7 },
      { code: 'UNMAPPED_ALLERGY', message: 'e' },
    ])).toEqual([{ key: 'm:13', item: { menuId: 13 } }, { key: 's:3', item: { menuSetId: 3 } }]);
  });

  it('names each conflicting ingredient once, in the interface language', () => {
    expect(conflictNames([peanut, { ...peanut, menuId: 2 }, { kind: 'RELIGION', code: 'RI01', nameTh: 'หมู', nameEn: 'Pork' }], 'en')).toEqual(['Peanut', 'Pork']);
    expect(conflictNames([peanut], 'th')).toEqual(['ถั่วลิสง']);
  });
});

describe('the form address and NPO', () => {
  it('opens a form for a patient, date and meal, and refuses a malformed one', () => {
    const path = formPath({ hn: 'SRP01-HN10001', date: '2026-11-25', meal: 2, caregiver: true });
    expect(path).toBe('/auth/order/care-giver/form?hn=SRP01-HN10001&date=2026-11-25&meal=2');
    expect(readTarget(new URL(path, 'http://x').searchParams)).toEqual({ hn: 'SRP01-HN10001', date: '2026-11-25', meal: 2 });
    expect(readTarget(new URLSearchParams('hn=A&date=25/11/2026'))).toBeNull();
    expect(readTarget(new URLSearchParams('date=2026-11-25'))).toBeNull();
    expect(readTarget(new URLSearchParams('hn=A&date=2026-11-25&meal=x'))).toEqual({ hn: 'A', date: '2026-11-25', meal: 0 });
  });

  it('returns from a form to the list as it was left, its search and page kept (QA 2026-11-26 #14)', () => {
    const list = { pathname: '/auth/order', search: '?date=2026-11-30&q=SRP01-HN10017&page=2', state: null };
    const given = formState(list);
    expect(listPath(given, '2026-11-30')).toBe('/auth/order?date=2026-11-30&q=SRP01-HN10017&page=2');
    // the drawer's "order again" inside a form passes the list on
    expect(formState({ pathname: '/auth/order/form', search: '?hn=A', state: given })).toEqual(given);
    // a form opened by its address: the list of its date
    expect(listPath(null, '2026-11-30')).toBe('/auth/order?date=2026-11-30');
    expect(backRow({ hn: 'SRP01-HN10017' })).toBe('SRP01-HN10017');
    expect(backRow(null)).toBeNull();
  });

  it('tells fasting now from fasting ahead, open-ended included', () => {
    const now = new Date('2026-11-25T05:00:00Z');
    expect(npoState('2026-11-25T00:00:00Z', '2026-11-25T10:00:00Z', now)).toBe('now');
    expect(npoState('2026-11-26T00:00:00Z', null, now)).toBe('ahead');
    expect(npoState('2026-11-24T00:00:00Z', null, now)).toBe('now');
    expect(npoState('2026-11-24T00:00:00Z', '2026-11-25T05:00:00Z', now)).toBeNull();
    expect(npoState(null, null, now)).toBeNull();
  });
});

describe('texts', () => {
  it('has every key in Thai and English', () => {
    const keys = (d: object, p = ''): string[] =>
      Object.entries(d).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(ordersResources.th).sort()).toEqual(keys(ordersResources.en).sort());
    // every status and order type the server answers has a label (stored values are never shown)
    for (const k of ['WAITING', 'FASTING', 'NO_MEAL', 'CANCELLED', 'SERVED']) expect(ordersResources.th.status).toHaveProperty(k);
    expect(ordersResources.th.messages.submitted).toBe('สั่งอาหารสำเร็จ');
  });

  it('names every plain field of the details, and words a coded one, in Thai and English', () => {
    for (const { key, coded } of DETAIL_FIELDS) {
      for (const r of [ordersResources.th, ordersResources.en] as Record<string, unknown>[]) {
        expect((r.field as Record<string, string>)[key], key).toBeTruthy();
        if (coded) expect(Object.keys((r[key] ?? {}) as object).length, key).toBeGreaterThan(0);
      }
    }
    // the label the details showed before the list
    expect(ordersResources.en.field.courseType).toBe(ordersResources.en.form.courseType);
    expect(ordersResources.th.field.courseType).toBe(ordersResources.th.form.courseType);
  });
});

describe('a free-text meal and the ward', () => {
  it('reads the rules a FREE_TEXT problem asks to acknowledge', () => {
    const rule = { kind: 'ALLERGEN', code: 'AL01', nameTh: 'กุ้ง', nameEn: 'Shrimp' };
    expect(freeTextRules([{ code: 'NPO', message: '' }, { code: 'FREE_TEXT', message: '', rules: [rule] }])).toEqual([rule]);
    expect(freeTextRules([{ code: 'NPO', message: '' }])).toEqual([]);
    expect(freeTextRules(null)).toEqual([]);
  });

  it('offers the meal types still to come in the branch', () => {
    const mt = (id: number, endTime: string) => ({ id, code: `MT0${id}`, nameTh: '', nameEn: '', abbreviation: 'X', mealColor: '', textColor: '', endTime });
    const all = [mt(1, '09:30'), mt(2, '13:30'), mt(3, '19:00')];
    expect(mealsAhead(all, '2026-11-25', '2026-11-25', '12:00').map((m) => m.id)).toEqual([2, 3]);
    expect(mealsAhead(all, '2026-11-26', '2026-11-25', '23:00').map((m) => m.id)).toEqual([1, 2, 3]);
    expect(mealsAhead(all, '2026-11-25', '2026-11-25', '19:00')).toEqual([]);
    expect(mealsAhead(all, '2026-11-24', '2026-11-25', '01:00')).toEqual([]);
  });
});
