// @vitest-environment jsdom
import { ApiError } from '@/lib/api-client';
import { overlapsOf } from '@/features/menus/components/cycle-form-drawer';
import { byComponent } from '@/features/menus/components/menu-sets-page';
import { menusResources } from '@/features/menus/i18n';
import { IDDSI_COLORS, iddsiLevels, iddsiNameKey } from '@/features/menus/iddsi';
import type { SetMenu } from '@/features/menus/types';

function lookup(d: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], d);
}

describe('IDDSI levels', () => {
  it('offers foods 3–7 and drinks 0–4, as the server checks', () => {
    expect(iddsiLevels('FOOD')).toEqual([3, 4, 5, 6, 7]);
    expect(iddsiLevels('DRINK')).toEqual([0, 1, 2, 3, 4]);
  });

  it('names every level of a food and a drink in Thai and English, each on a colour', () => {
    for (const type of ['FOOD', 'DRINK'] as const) {
      for (const level of iddsiLevels(type)) {
        for (const d of [menusResources.th, menusResources.en]) {
          expect(lookup(d, iddsiNameKey(type, level)), `${type} ${level}`).toEqual(expect.any(String));
        }
        expect(IDDSI_COLORS[level].background).toMatch(/^#[0-9A-F]{6}$/);
      }
    }
    // levels 3 and 4 are named for what they are: a pureed food is not an extremely thick drink
    expect(lookup(menusResources.en, iddsiNameKey('FOOD', 4))).toBe('Pureed');
    expect(lookup(menusResources.en, iddsiNameKey('DRINK', 4))).toBe('Extremely thick');
  });

  it('writes the text of the dark levels (6 blue, 7 black) in white', () => {
    expect(IDDSI_COLORS[6].text).toBe('#FFFFFF');
    expect(IDDSI_COLORS[7].text).toBe('#FFFFFF');
    expect(IDDSI_COLORS[3].text).toBe('#000000');
  });
});

describe('a set’s dishes by component', () => {
  const dish = (id: number, componentId: number, nameTh: string, componentTh: string): SetMenu => ({
    id, code: `M${id}`, nameTh, nameEn: '', mealComponentId: componentId, mealComponentCode: `C${componentId}`,
    mealComponentNameTh: componentTh, mealComponentNameEn: '', iddsiType: 'FOOD', iddsiLevel: 7,
  });

  it('keeps the set’s order, one group per component', () => {
    const groups = byComponent([dish(1, 1, 'ข้าวต้มปลา', 'จานหลัก'), dish(2, 2, 'แกงจืด', 'ซุป'), dish(3, 1, 'ไข่ตุ๋น', 'จานหลัก')], 'th');
    expect(groups.map((g) => [g.component, g.menus.map((m) => m.nameTh)])).toEqual([
      ['จานหลัก', ['ข้าวต้มปลา', 'ไข่ตุ๋น']],
      ['ซุป', ['แกงจืด']],
    ]);
  });
});

describe('the overlap refusal', () => {
  const other = { id: 1, code: 'CY-WEEK', nameTh: 'รอบ', nameEn: 'Round', startDate: '2026-01-01', endDate: null };

  it('reads the other rounds of a 409 CYCLE_OVERLAP only', () => {
    expect(overlapsOf(new ApiError(409, { code: 'CYCLE_OVERLAP', msg: 'overlap', data: { overlaps: [other] } }, false))).toEqual([other]);
    expect(overlapsOf(new ApiError(409, { code: 'DUPLICATE', msg: 'dup', data: { overlaps: [other] } }, false))).toEqual([]);
    expect(overlapsOf(new Error('x'))).toEqual([]);
  });
});
