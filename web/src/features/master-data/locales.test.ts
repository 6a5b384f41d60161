import { masterDataResources } from '@/features/master-data/i18n';
import { KINDS } from '@/features/master-data/kinds';

function keys(o: unknown, prefix = ''): string[] {
  if (o === null || typeof o !== 'object') return [prefix];
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('master-data locale', () => {
  const { th, en } = masterDataResources;

  it('has the same keys in Thai and English, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(th).sort());
    for (const k of keys(th)) {
      for (const lang of [th, en]) {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], lang);
        expect(typeof v === 'string' && v.length > 0, k).toBe(true);
      }
    }
  });

  it('names every kind and every field a kind has', () => {
    for (const kind of Object.values(KINDS)) {
      expect(th.kinds[kind.type], kind.type).toBeTruthy();
      for (const f of kind.fields) expect((th.fields as Record<string, string>)[f.name], f.name).toBeTruthy();
    }
  });

  it('asks for the Thai word ลบ in both languages', () => {
    expect(th.deleteConfirm.word).toBe('ลบ');
    expect(en.deleteConfirm.word).toBe('ลบ');
  });
});
