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
