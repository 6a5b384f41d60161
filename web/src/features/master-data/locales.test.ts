// @vitest-environment jsdom
import { masterDataResources } from '@/features/master-data/i18n';
import { KINDS } from '@/features/master-data/kinds';

describe('master-data locale', () => {
  const { th, en } = masterDataResources;

  it('names every kind and every field a kind has', () => {
    for (const kind of Object.values(KINDS)) {
      for (const d of [th, en]) {
        expect(d.kinds[kind.type], kind.type).toBeTruthy();
        for (const f of kind.fields) expect((d.fields as Record<string, string>)[f.name], f.name).toBeTruthy();
      }
    }
  });

});
