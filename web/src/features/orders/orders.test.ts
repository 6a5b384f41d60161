import { ApiError } from '@/lib/api-client';
import {
  buildDraft, choiceReducer, conflictNames, errorText, existingOrder, freeTextRules, initialChoice, localProblems, NO_FILTERS, problemsOf, reviewNotes, type ChoiceState,
} from '@/features/orders/draft';
import { ordersResources } from '@/features/orders/i18n';
import { backRow, formPath, formState, listPath, readTarget } from '@/features/orders/paths';
import { npoState } from '@/features/orders/components/parts';
import { mealsAhead } from '@/features/orders/components/bulk-order-modal';
import type { Conflict, MenuOffer, SetOffer } from '@/features/orders/types';

const peanut: Conflict = { kind: 'ALLERGEN', code: 'AL02', nameTh: 'ถั่วลิสง', nameEn: 'Peanut', menuId: 13 };
const texture: Conflict = { kind: 'TEXTURE', code: '7', nameTh: '', nameEn: '', menuId: 7 };

function dish(id: number, component: number, conflicts: Conflict[] = [], blocked = false): MenuOffer {
  return { menu: { id, code: `M${id}`, nameTh: `เมนู ${id}`, nameEn: `Dish ${id}`, mealComponentId: component }, conflicts, blocked };
}
function set(id: number, conflicts: Conflict[] = []): SetOffer {
  return { menuSet: { id, code: `SET${id}`, nameTh: `ชุด ${id}`, nameEn: `Set ${id}` }, conflicts, blocked: false };
}
const run = (s: ChoiceState, ...actions: Parameters<typeof choiceReducer>[1][]) => actions.reduce(choiceReducer, s);

describe('choosing dishes', () => {
  it('keeps one dish per portion, a set alone, and a second click takes a dish out', () => {
    let s = run(initialChoice(), { type: 'pick', offer: dish(1, 1), blocked: false }, { type: 'pick', offer: dish(2, 2), blocked: false });
    expect(s.chosen.map((c) => c.menuId)).toEqual([1, 2]);
    s = choiceReducer(s, { type: 'pick', offer: dish(3, 1), blocked: false });
    expect(s.chosen.map((c) => c.menuId)).toEqual([2, 3]);
    s = choiceReducer(s, { type: 'pick', offer: dish(2, 2), blocked: false });
    expect(s.chosen.map((c) => c.menuId)).toEqual([3]);
    s = run(s, { type: 'courseType', value: 'SET' }, { type: 'pick', offer: set(5), blocked: false }, { type: 'pick', offer: set(6), blocked: false });
    expect(s.chosen.map((c) => c.menuSetId)).toEqual([6]);
  });

  it('holds a conflicting dish until an alternative note is written, and drops it when the person backs out', () => {
    let s = choiceReducer(initialChoice(), { type: 'pick', offer: dish(13, 1, [peanut]), blocked: false });
    expect(s.chosen).toEqual([]);
    expect(s.pending?.menuId).toBe(13);
    // an empty note is no decision
    s = choiceReducer(s, { type: 'note', note: '   ' });
    expect(s.pending?.menuId).toBe(13);
    expect(s.chosen).toEqual([]);
    s = choiceReducer(s, { type: 'note', note: ' no peanut, sesame instead ' });
    expect(s.pending).toBeNull();
    expect(s.chosen).toMatchObject([{ menuId: 13, note: 'no peanut, sesame instead' }]);

    s = run(initialChoice(), { type: 'pick', offer: dish(13, 1, [peanut]), blocked: false }, { type: 'dropPending' });
    expect(s.pending).toBeNull();
    expect(s.chosen).toEqual([]);
  });

  it('takes an alternative in place of the conflicting dish', () => {
    const s = run(initialChoice(), { type: 'pick', offer: dish(13, 1, [peanut]), blocked: false }, { type: 'replace', with: dish(6, 1) });
    expect(s.pending).toBeNull();
    expect(s.chosen).toMatchObject([{ menuId: 6, note: '' }]);
  });

  it('never keeps a dish above the patient\'s texture level, note or not', () => {
    let s = choiceReducer(initialChoice(), { type: 'pick', offer: dish(7, 1, [texture]), blocked: true });
    expect(s.chosen).toEqual([]);
    expect(s.pending).toBeNull();
    expect(s.refused?.menuId).toBe(7);
    // blocked by its conflicts even if the answer's flag were missing
    s = choiceReducer(initialChoice(), { type: 'pick', offer: dish(7, 1, [peanut, texture]), blocked: false });
    expect(s.chosen).toEqual([]);
    expect(s.refused?.menuId).toBe(7);
  });
});

describe('changing filters clears the chosen menus (SPEC.md §5)', () => {
  const picked = run(initialChoice(), { type: 'pick', offer: dish(1, 1), blocked: false }, { type: 'pick', offer: dish(13, 2, [peanut]), blocked: false });

  it.each([
    ['diet type', { type: 'filter', name: 'dietTypeId', value: 2 }],
    ['disease food', { type: 'filter', name: 'therapeuticId', value: 4 }],
    ['kitchen', { type: 'filter', name: 'cuisineTypeId', value: 1 }],
    ['portion', { type: 'filter', name: 'mealComponentId', value: 3 }],
    ['food scope', { type: 'foodScope', value: 'DYSPHAGIA' }],
    ['course type', { type: 'courseType', value: 'SET' }],
    ['the caregiver\'s restrictions', { type: 'restrictions' }],
    ['the menu\'s date or meal', { type: 'menuChanged' }],
  ] as const)('%s', (_name, action) => {
    expect(picked.chosen).toHaveLength(1);
    expect(picked.pending).not.toBeNull();
    const s = choiceReducer(picked, action);
    expect(s.chosen).toEqual([]);
    expect(s.pending).toBeNull();
    expect(s.cleared).toBe(true);
    // the next action no longer says it
    expect(choiceReducer(s, { type: 'pick', offer: dish(1, 1), blocked: false }).cleared).toBe(false);
  });

  it('the same value again clears nothing', () => {
    const s = choiceReducer(picked, { type: 'filter', name: 'dietTypeId', value: null });
    expect(s.chosen).toHaveLength(1);
    expect(s.cleared).toBe(false);
  });
});

describe('the draft', () => {
  const extras = {
    branchCode: 'SRP01', hnId: 'HN1', patientVersion: 4, idempotencyKey: 'k', dates: ['2026-11-25'], mealTimeIds: [2],
    description: ' soft rice ', otherIds: [3], remarkIds: [1], remark: ' r ', charge: true, dysphagiaFoodType: 5, unmappedAllergiesChecked: true,
  };

  it('sends the chosen items with their notes, and only what the order type and course carry', () => {
    const s = run(initialChoice('BOTH', { ...NO_FILTERS, dietTypeId: 1 }), { type: 'pick', offer: dish(1, 1), blocked: false },
      { type: 'pick', offer: dish(13, 2, [peanut]), blocked: false }, { type: 'note', note: 'no peanut' });
    const d = buildDraft(s, extras);
    expect(d).toMatchObject({
      hnId: 'HN1', patientVersion: 4, orderType: 'ORD', courseType: 'MENU', foodScope: 'BOTH', dietTypeId: 1, caregiver: false,
      items: [{ menuId: 1, alternativeNote: '' }, { menuId: 13, alternativeNote: 'no peanut' }], description: '', dysphagiaFoodType: null, charge: true,
    });
    const npo = buildDraft(choiceReducer(s, { type: 'orderType', value: 'NPO' }), extras);
    expect(npo).toMatchObject({ orderType: 'NPO', items: [], otherIds: [], charge: false });
    const specific = buildDraft(choiceReducer(initialChoice(), { type: 'courseType', value: 'SPECIFIC' }), { ...extras, caregiver: { religionId: 2, vegetarianId: null, allergenIds: [1], restrictedIds: [] } });
    expect(specific).toMatchObject({ courseType: 'SPECIFIC', items: [], description: 'soft rice', dysphagiaFoodType: 5, caregiver: true, caregiverInfo: { religionId: 2, allergenIds: [1] } });
  });

  it('says before any call what is missing', () => {
    const base = { dates: ['2026-11-25'], mealTimeIds: [2], description: '', unmapped: false, unmappedChecked: false };
    expect(localProblems(initialChoice(), base)).toEqual(['noItem']);
    expect(localProblems(initialChoice(), { ...base, dates: [], mealTimeIds: [], unmapped: true })).toEqual(['noMeal', 'noDate', 'noItem', 'unmapped']);
    expect(localProblems(choiceReducer(initialChoice(), { type: 'orderType', value: 'NML' }), base)).toEqual([]);
    const noted = run(initialChoice(), { type: 'pick', offer: dish(13, 2, [peanut]), blocked: false }, { type: 'note', note: 'x' }, { type: 'editNote', key: 'm:13', note: '' });
    expect(localProblems(noted, base)).toEqual(['noteMissing']);
  });
});

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
});

describe('a free-text meal and the ward', () => {
  const extras = {
    branchCode: 'SRP01', hnId: 'HN1', patientVersion: 4, idempotencyKey: 'k', dates: ['2026-11-25'], mealTimeIds: [2],
    description: 'fish soup', otherIds: [], remarkIds: [], remark: '', charge: false, dysphagiaFoodType: null, unmappedAllergiesChecked: false,
    freeTextAcknowledged: true,
  };

  it('sends the acknowledgement with a free-text meal only', () => {
    const specific = choiceReducer(initialChoice(), { type: 'courseType', value: 'SPECIFIC' });
    expect(buildDraft(specific, extras).freeTextAcknowledged).toBe(true);
    expect(buildDraft(initialChoice(), extras).freeTextAcknowledged).toBe(false);
    expect(buildDraft(specific, { ...extras, freeTextAcknowledged: false }).freeTextAcknowledged).toBe(false);
  });

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
