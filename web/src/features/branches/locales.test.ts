import { branchesResources } from '@/features/branches/i18n';

function keys(o: unknown, prefix = ''): string[] {
  if (o === null || typeof o !== 'object') return [prefix];
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('branches locale', () => {
  it('has the same keys in Thai and English, none empty', () => {
    const { th, en } = branchesResources;
    expect(keys(en).sort()).toEqual(keys(th).sort());
    for (const k of keys(th)) {
      for (const lang of [th, en]) {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], lang);
        expect(typeof v === 'string' && v.length > 0, k).toBe(true);
      }
    }
  });
});
