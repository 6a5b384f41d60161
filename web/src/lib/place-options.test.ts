import { matchesPlace, placeLabel, placeOption, placeOptions } from '@/lib/place-options';

const ward = { id: 7, code: 'W01', nameTh: 'หอผู้ป่วยเด็ก ชั้น 3', nameEn: "Children's ward, floor 3" };
const bed = { id: 9, code: '301-1', nameTh: 'ห้อง 301 เตียง 1', nameEn: 'Room 301 bed 1' };

describe('place options', () => {
  it('show the code and the name in the language', () => {
    expect(placeLabel(ward, 'th')).toBe('W01 · หอผู้ป่วยเด็ก ชั้น 3');
    expect(placeLabel(ward, 'en')).toBe("W01 · Children's ward, floor 3");
    // no English name: the Thai one; no name at all: the code alone
    expect(placeLabel({ code: 'W09', nameTh: 'หอใหม่', nameEn: '' }, 'en')).toBe('W09 · หอใหม่');
    expect(placeLabel({ code: 'W09', nameTh: null, nameEn: null }, 'th')).toBe('W09');
    // a name that holds the code already is not repeated
    expect(placeLabel({ code: 'W02-05', nameTh: 'เตียง W02-05', nameEn: 'Bed W02-05' }, 'en')).toBe('Bed W02-05');
    expect(placeLabel({ code: '702', nameTh: 'ห้อง 702', nameEn: 'Room 702' }, 'th')).toBe('ห้อง 702');
    expect(placeLabel(bed, 'th')).toBe('301-1 · ห้อง 301 เตียง 1');
    expect(placeOptions([ward], 'th', (w) => String(w.id))).toEqual([
      { value: '7', label: 'W01 · หอผู้ป่วยเด็ก ชั้น 3', search: "W01 หอผู้ป่วยเด็ก ชั้น 3 Children's ward, floor 3" },
    ]);
  });

  it('are found by the code or either name, in any case and whatever the language shown', () => {
    const th = placeOption(ward, 7, 'th');
    for (const typed of ['W01', 'w01', ' w0 ', 'เด็ก', 'children', 'FLOOR 3', 'w01 เด็ก', 'ward children']) {
      expect(matchesPlace(typed, th), typed).toBe(true);
    }
    for (const typed of ['W02', 'ผู้ใหญ่', 'adult', 'w01 adult']) {
      expect(matchesPlace(typed, th), typed).toBe(false);
    }
    const b = placeOption(bed, 9, 'en');
    expect(matchesPlace('301-1', b)).toBe(true);
    expect(matchesPlace('เตียง 1', b)).toBe(true);
    expect(matchesPlace('302', b)).toBe(false);
  });

  it('keep the place searchable under a label of its own, and match an "all" entry on its label', () => {
    const current = placeOption(bed, 9, 'th', { label: 'เตียงเดิม: ห้อง 301 เตียง 1' });
    expect(current.label).toBe('เตียงเดิม: ห้อง 301 เตียง 1');
    expect(matchesPlace('301-1', current)).toBe(true);
    expect(matchesPlace('ทุกหอ', { label: 'ทุกหอผู้ป่วย' })).toBe(true);
    expect(matchesPlace('W01', { label: 'ทุกหอผู้ป่วย' })).toBe(false);
    expect(matchesPlace('', { label: 'ทุกหอผู้ป่วย' })).toBe(true);
  });
});
