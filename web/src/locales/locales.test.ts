// Every locale file, those loaded with Login and those loaded with a screen's chunk alike.
const th = import.meta.glob<Record<string, unknown>>('./th/*.json', { eager: true, import: 'default' });
const en = import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });

function keys(o: unknown, prefix = ''): string[] {
  if (o === null || typeof o !== 'object') return [prefix];
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locales', () => {
  it('has the same files in Thai and English', () => {
    const names = (files: Record<string, unknown>) => Object.keys(files).map((p) => p.slice(5)).sort();
    expect(names(en)).toEqual(names(th));
    expect(names(th).length).toBeGreaterThan(5);
  });

  it('has every Thai string in English and the other way round, none empty', () => {
    for (const [path, thFile] of Object.entries(th)) {
      const ns = path.slice(5);
      const enFile = en[`./en/${ns}`];
      const thKeys = keys(thFile).sort();
      expect(keys(enFile).sort(), ns).toEqual(thKeys);
      for (const [lang, file] of [['th', thFile], ['en', enFile]] as const) {
        for (const k of thKeys) {
          const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], file);
          expect(typeof v === 'string' && v.length > 0, `${lang}:${ns}.${k}`).toBe(true);
        }
      }
    }
  });

  it('names the meal component (ส่วนประกอบมื้อ) "Meal component" in English, never "Portion" (issue 25 §3)', () => {
    let named = 0;
    for (const [path, thFile] of Object.entries(th)) {
      const ns = path.slice(5);
      for (const k of keys(thFile)) {
        const at = (file: unknown) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], file) as string;
        if (!at(thFile).includes('ส่วนประกอบมื้อ')) continue;
        named++;
        expect(at(en[`./en/${ns}`]), `en:${ns}.${k}`).toMatch(/meal component/i);
        expect(at(en[`./en/${ns}`]), `en:${ns}.${k}`).not.toMatch(/portion/i);
      }
    }
    expect(named).toBeGreaterThanOrEqual(8);
  });
});
