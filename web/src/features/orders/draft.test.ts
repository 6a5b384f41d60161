import { draftBody, draftItems, draftPairs, draftReducer, initialDraft, localProblems, type DraftAction, type DraftState } from '@/features/orders/draft';
import { NEW_CHOICE, type Conflict, type MealType, type MenuOffer, type SetOffer } from '@/features/orders/types';

const peanut: Conflict = { kind: 'ALLERGEN', code: 'AL02', nameTh: 'ถั่วลิสง', nameEn: 'Peanut', menuId: 13 };
const texture: Conflict = { kind: 'TEXTURE', code: '7', nameTh: '', nameEn: '', menuId: 7 };

function dish(id: number, component: number, conflicts: Conflict[] = [], blocked = false): MenuOffer {
  return { menu: { id, code: `M${id}`, nameTh: `เมนู ${id}`, nameEn: `Dish ${id}`, mealComponentId: component }, conflicts, blocked };
}
function set(id: number, conflicts: Conflict[] = []): SetOffer {
  return { menuSet: { id, code: `SET${id}`, nameTh: `ชุด ${id}`, nameEn: `Set ${id}` }, conflicts, blocked: false };
}
const run = (s: DraftState, ...actions: Parameters<typeof draftReducer>[1][]) => actions.reduce(draftReducer, s);
const start = () => initialDraft({ dates: ['2026-11-25'], mealTimeIds: [2] });

describe('choosing dishes', () => {
  it('keeps one dish per portion, a set alone, and a second click takes a dish out', () => {
    let s = run(start(), { type: 'pick', offer: dish(1, 1), blocked: false }, { type: 'pick', offer: dish(2, 2), blocked: false });
    expect(s.chosen.map((c) => c.menuId)).toEqual([1, 2]);
    s = draftReducer(s, { type: 'pick', offer: dish(3, 1), blocked: false });
    expect(s.chosen.map((c) => c.menuId)).toEqual([2, 3]);
    s = draftReducer(s, { type: 'pick', offer: dish(2, 2), blocked: false });
    expect(s.chosen.map((c) => c.menuId)).toEqual([3]);
    s = run(s, { type: 'courseType', value: 'SET' }, { type: 'pick', offer: set(5), blocked: false }, { type: 'pick', offer: set(6), blocked: false });
    expect(s.chosen.map((c) => c.menuSetId)).toEqual([6]);
  });

  it('holds a conflicting dish until an alternative note is written, and drops it when the person backs out', () => {
    let s = draftReducer(start(), { type: 'pick', offer: dish(13, 1, [peanut]), blocked: false });
    expect(s.chosen).toEqual([]);
    expect(s.pending?.menuId).toBe(13);
    // an empty note is no decision
    s = draftReducer(s, { type: 'note', note: '   ' });
    expect(s.pending?.menuId).toBe(13);
    expect(s.chosen).toEqual([]);
    s = draftReducer(s, { type: 'note', note: ' no peanut, sesame instead ' });
    expect(s.pending).toBeNull();
    expect(s.chosen).toMatchObject([{ menuId: 13, note: 'no peanut, sesame instead' }]);

    s = run(start(), { type: 'pick', offer: dish(13, 1, [peanut]), blocked: false }, { type: 'dropPending' });
    expect(s.pending).toBeNull();
    expect(s.chosen).toEqual([]);
  });

  it('takes an alternative in place of the conflicting dish', () => {
    const s = run(start(), { type: 'pick', offer: dish(13, 1, [peanut]), blocked: false }, { type: 'replace', with: dish(6, 1) });
    expect(s.pending).toBeNull();
    expect(s.chosen).toMatchObject([{ menuId: 6, note: '' }]);
  });

  it('never keeps a dish above the patient\'s texture level, note or not', () => {
    let s = draftReducer(start(), { type: 'pick', offer: dish(7, 1, [texture]), blocked: true });
    expect(s.chosen).toEqual([]);
    expect(s.pending).toBeNull();
    expect(s.refused?.menuId).toBe(7);
    // blocked by its conflicts even if the answer's flag were missing
    s = draftReducer(start(), { type: 'pick', offer: dish(7, 1, [peanut, texture]), blocked: false });
    expect(s.chosen).toEqual([]);
    expect(s.refused?.menuId).toBe(7);
  });
});

describe('changing what the menu is read for clears the chosen menus (SPEC.md §5)', () => {
  const picked = run(start(), { type: 'pick', offer: dish(1, 1), blocked: false }, { type: 'pick', offer: dish(13, 2, [peanut]), blocked: false });

  it.each([
    ['diet type', { type: 'filter', name: 'dietTypeId', value: 2 }],
    ['disease food', { type: 'filter', name: 'therapeuticId', value: 4 }],
    ['kitchen', { type: 'filter', name: 'cuisineTypeId', value: 1 }],
    ['portion', { type: 'filter', name: 'mealComponentId', value: 3 }],
    ['food scope', { type: 'foodScope', value: 'DYSPHAGIA' }],
    ['course type', { type: 'courseType', value: 'SET' }],
    ['order type', { type: 'orderType', value: 'NPO' }],
    ['the caregiver\'s restrictions', { type: 'caregiverInfo', patch: { allergenIds: [1] } }],
    ['an earlier date', { type: 'dates', value: ['2026-11-25', '2026-11-24'] }],
    ['an earlier meal type', { type: 'meals', value: [1, 2] }],
  ] satisfies [string, DraftAction][])('%s', (_name, action) => {
    expect(picked.chosen).toHaveLength(1);
    expect(picked.pending).not.toBeNull();
    const s = draftReducer(picked, action);
    expect(s.chosen).toEqual([]);
    expect(s.pending).toBeNull();
    expect(s.cleared).toBe(true);
    // the next action no longer says it
    expect(draftReducer(s, { type: 'pick', offer: dish(1, 1), blocked: false }).cleared).toBe(false);
  });

  it('the same value again, a later date or meal type, or another field clears nothing', () => {
    for (const action of [
      { type: 'filter', name: 'dietTypeId', value: null },
      { type: 'orderType', value: 'ORD' },
      { type: 'dates', value: ['2026-11-26', '2026-11-25'] },
      { type: 'meals', value: [2, 3] },
      { type: 'set', patch: { remark: 'soft', charge: true } },
    ] satisfies DraftAction[]) {
      const s = draftReducer(picked, action);
      expect(s.chosen).toHaveLength(1);
      expect(s.cleared).toBe(false);
    }
  });

  it('keeps what the screen says about a refused dish while another field is filled in', () => {
    const refused = draftReducer(start(), { type: 'pick', offer: dish(7, 1, [texture]), blocked: true });
    expect(draftReducer(refused, { type: 'set', patch: { remark: 'x' } }).refused?.menuId).toBe(7);
    expect(draftReducer(refused, { type: 'filter', name: 'mealComponentId', value: 2 }).refused).toBeNull();
  });
});

describe('the answers', () => {
  it('forgets the last answers when asking again, and keeps the rules a free-text meal was asked for', () => {
    const rule = { kind: 'ALLERGEN', code: 'AL01', nameTh: 'กุ้ง', nameEn: 'Shrimp' };
    let s = run(start(), { type: 'problems', list: [{ code: 'FREE_TEXT', message: 'ack', rules: [rule] }] }, { type: 'existing', orderId: 'o-1' });
    expect(s.ackRules).toEqual([rule]);
    expect(s.existing).toBe('o-1');
    s = run(s, { type: 'asking' }, { type: 'problems', list: [] });
    expect(s.problems).toEqual([]);
    expect(s.existing).toBeNull();
    expect(s.ackRules).toEqual([rule]);
  });
});

describe('the body', () => {
  const x = { branchCode: 'SRP01', idempotencyKey: 'k', dates: ['2026-11-25'], mealTimeIds: [2], freeTextAcknowledged: true };
  const filled = run(initialDraft({ order: { dietTypeId: 1 } }), { type: 'pick', offer: dish(1, 1), blocked: false },
    { type: 'pick', offer: dish(13, 2, [peanut]), blocked: false }, { type: 'note', note: 'no peanut' },
    { type: 'set', patch: { description: ' soft rice ', otherIds: [3], remarkIds: [1], remark: ' r ', charge: true, dysphagiaFoodType: 5, unmappedAllergiesChecked: true } });
  const body = (s: DraftState) => draftBody(s.order, draftItems(s.chosen), x);

  it('sends the chosen items with their notes, and only what the order type and course carry', () => {
    // every other field of the choice as a new order has it (a field added to the order with its default included)
    expect(body(filled)).toEqual({
      ...x, ...NEW_CHOICE, caregiver: false, caregiverInfo: NEW_CHOICE.caregiverInfo, orderType: 'ORD', foodScope: 'BOTH', courseType: 'MENU',
      dietTypeId: 1, therapeuticId: null, cuisineTypeId: null,
      items: [{ menuId: 1, alternativeNote: '' }, { menuId: 13, alternativeNote: 'no peanut' }],
      description: '', otherIds: [3], remarkIds: [1], remark: 'r', charge: true, dysphagiaFoodType: null, unmappedAllergiesChecked: true,
      freeTextAcknowledged: false,
    });
    expect(body(draftReducer(filled, { type: 'orderType', value: 'NPO' }))).toMatchObject({ orderType: 'NPO', items: [], otherIds: [], charge: false, remarkIds: [1] });
    const specific = run(filled, { type: 'courseType', value: 'SPECIFIC' }, { type: 'caregiverInfo', patch: { religionId: 2, allergenIds: [1] } });
    expect(body(specific)).toMatchObject({ courseType: 'SPECIFIC', items: [], description: 'soft rice', dysphagiaFoodType: 5, freeTextAcknowledged: true, caregiverInfo: { religionId: 2, allergenIds: [1] } });
    expect(draftBody(specific.order, [], { ...x, freeTextAcknowledged: false }).freeTextAcknowledged).toBe(false);
  });

  it('carries a field added to the order without a word here', () => {
    // a name no field of the order has, so that this holds whatever field is added
    const o = { ...NEW_CHOICE, fieldAddedLater: 'LARGE' };
    expect(draftBody(o, [], x)).toMatchObject({ fieldAddedLater: 'LARGE' });
  });

  it('orders the dates and the meal types as the branch does, the menu being the first pair\'s', () => {
    const mt = (id: number) => ({ id, code: `MT0${id}`, nameTh: '', nameEn: '', abbreviation: 'X', mealColor: '', textColor: '' }) as MealType;
    const s = run(start(), { type: 'dates', value: ['2026-11-27', '2026-11-25'] }, { type: 'meals', value: [3, 1] });
    expect(draftPairs(s, [mt(1), mt(2), mt(3)])).toEqual({ dates: ['2026-11-25', '2026-11-27'], mealTimeIds: [1, 3], menuDate: '2026-11-25', menuMeal: 1 });
    // a meal type the branch does not list is read for the menu but not ordered
    expect(draftPairs(initialDraft({ dates: ['2026-11-25'], mealTimeIds: [9] }), [mt(1)])).toMatchObject({ mealTimeIds: [], menuMeal: 9 });
  });

  it('says before any call what is missing', () => {
    const pairs = { dates: ['2026-11-25'], mealTimeIds: [2] };
    expect(localProblems(start(), pairs, false)).toEqual(['noItem']);
    expect(localProblems(start(), { dates: [], mealTimeIds: [] }, true)).toEqual(['noMeal', 'noDate', 'noItem', 'unmapped']);
    expect(localProblems(draftReducer(start(), { type: 'orderType', value: 'NML' }), pairs, false)).toEqual([]);
    const noted = run(start(), { type: 'pick', offer: dish(13, 2, [peanut]), blocked: false }, { type: 'note', note: 'x' }, { type: 'editNote', key: 'm:13', note: '' });
    expect(localProblems(noted, pairs, false)).toEqual(['noteMissing']);
    expect(localProblems(draftReducer(start(), { type: 'set', patch: { unmappedAllergiesChecked: true } }), pairs, true)).toEqual(['noItem']);
  });
});
