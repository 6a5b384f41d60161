import { chipTextColor, luminance, parseHex } from '@/features/master-data/color';

describe('meal-type colour chips', () => {
  it('reads #RRGGBB with or without #, refuses the rest', () => {
    expect(parseHex('#0F766E')).toEqual([15, 118, 110]);
    expect(parseHex('ffffff')).toEqual([255, 255, 255]);
    expect(parseHex('#fff')).toBeNull();
    expect(parseHex('red')).toBeNull();
  });

  it('writes black on light colours and white on dark ones, around luminance 170', () => {
    expect(chipTextColor('#FFFFFF')).toBe('#000000');
    expect(chipTextColor('#FFD966')).toBe('#000000');
    expect(chipTextColor('#000000')).toBe('#FFFFFF');
    expect(chipTextColor('#0F766E')).toBe('#FFFFFF');
    // grey 170 is not above the threshold; 171 is
    expect(luminance('#AAAAAA')).toBeCloseTo(170);
    expect(chipTextColor('#AAAAAA')).toBe('#FFFFFF');
    expect(chipTextColor('#ABABAB')).toBe('#000000');
  });
});
