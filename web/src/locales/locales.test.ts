import { resources } from '@/lib/i18n';

function keys(o: unknown, prefix = ''): string[] {
  if (o === null || typeof o !== 'object') return [prefix];
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locales', () => {
  it('has every Thai string in English and the other way round, none empty', () => {
    for (const ns of Object.keys(resources.th) as (keyof typeof resources.th)[]) {
      const th = keys(resources.th[ns]).sort();
      expect(keys(resources.en[ns]).sort(), ns).toEqual(th);
      for (const lang of ['th', 'en'] as const) {
        for (const k of th) {
          const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], resources[lang][ns]);
          expect(typeof v === 'string' && v.length > 0, `${lang}:${ns}.${k}`).toBe(true);
        }
      }
    }
  });
});
