// @vitest-environment jsdom
import en from '@/locales/en/components.json';
import th from '@/locales/th/components.json';
import { DELETE_WORD, matchesDeleteWord } from '@/components/texts';

describe('the shared components’ texts', () => {
  it('asks for the Thai word ลบ in both languages', () => {
    expect(DELETE_WORD).toBe('ลบ');
    expect(th.deleteConfirm.word).toBe('ลบ');
    expect(en.deleteConfirm.word).toBe('ลบ');
    expect(matchesDeleteWord(' ลบ ')).toBe(true);
    expect(matchesDeleteWord('delete')).toBe(false);
  });
});

describe('the shared allergy tag', () => {
  it('names an unmapped allergy one way per language, on the orders and the patients screens alike', () => {
    expect(th.allergy.unmapped).toBe('ไม่อยู่ในรายการสารก่อภูมิแพ้');
    expect(en.allergy.unmapped).toBe('not on the allergen list');
  });
});
