import { amountText, NUTRIENT_UNIT, NUTRIENTS, rangeText } from '@/lib/nutrients';
import { KINDS } from '@/features/master-data/kinds';

// A target's range and a day's figure as the screens write them (issue 27).
describe('nutrient figures', () => {
  it('writes an amount with its base unit, to a tenth', () => {
    expect(amountText(2334.04, 'energy', 'en')).toBe('2,334 kcal');
    expect(amountText(30.55, 'protein', 'en')).toBe('30.6 g');
    expect(amountText(905, 'sodium', 'th')).toBe('905 mg');
    expect(amountText(null, 'fat', 'en')).toBe('–');
  });

  it('writes a range by its open ends', () => {
    expect(rangeText(1600, 1800, 'energy', 'en')).toBe('1,600–1,800 kcal');
    expect(rangeText(50, null, 'protein', 'en')).toBe('≥ 50 g');
    expect(rangeText(null, 2300, 'sodium', 'en')).toBe('≤ 2,300 mg');
    expect(rangeText(null, null, 'sugar', 'en')).toBe('');
  });

  it('offers the target form every nutrient, each with a unit', () => {
    const nutrient = KINDS.NutrientTarget.fields.find((f) => f.name === 'nutrient');
    expect(nutrient && 'options' in nutrient ? nutrient.options : []).toEqual(NUTRIENTS);
    for (const n of NUTRIENTS) expect(NUTRIENT_UNIT[n]).toMatch(/^(kcal|g|mg)$/);
  });
});
