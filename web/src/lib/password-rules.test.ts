import { checkNewPassword, containsName, isComplex, ruleStates } from '@/lib/password-rules';
import { checkCode, groupSecret } from '@/lib/one-time-code';

const names = ['กานดา', 'รักดี', 'Kanda', 'Rakdee'];

describe('password rules (SPEC.md §5, as pkg/auth/rules.go)', () => {
  it('answers the first broken rule in the server order, and the confirmation separately', () => {
    expect(checkNewPassword({ password: '', confirm: '' })).toEqual({ password: 'password.required', confirm: 'password.confirmRequired' });
    expect(checkNewPassword({ password: 'Ab#1', confirm: 'Ab#1' })).toEqual({ password: 'password.minLength' });
    expect(checkNewPassword({ password: `Ab#1${'x'.repeat(125)}`, confirm: 'x' })).toEqual({ password: 'password.maxLength', confirm: 'password.mismatch' });
    expect(checkNewPassword({ password: 'abcdefg#1', confirm: 'abcdefg#1' })).toEqual({ password: 'password.complexity' });
    expect(checkNewPassword({ password: 'ABCDEFG#1', confirm: 'ABCDEFG#1' })).toEqual({ password: 'password.complexity' });
    expect(checkNewPassword({ password: 'Abcdefgh1', confirm: 'Abcdefgh1' })).toEqual({ password: 'password.complexity' });
    expect(checkNewPassword({ password: 'Abcdefg#h', confirm: 'Abcdefg#h' })).toEqual({ password: 'password.complexity' });
    expect(checkNewPassword({ password: 'xRAKDEEx#1', confirm: 'xRAKDEEx#1', names })).toEqual({ password: 'password.containsName' });
    expect(checkNewPassword({ password: 'Abกานดา#12', confirm: 'Abกานดา#12', names })).toEqual({ password: 'password.containsName' });
    expect(checkNewPassword({ password: 'Soup#2026', confirm: 'Soup#2026', current: 'Soup#2026' })).toEqual({ password: 'password.sameAsOld' });
    expect(checkNewPassword({ password: 'Soup#2026', confirm: 'Soup#2027' })).toEqual({ confirm: 'password.mismatch' });
    expect(checkNewPassword({ password: 'Soup#2026', confirm: 'Soup#2026', names, current: 'Other#2026' })).toEqual({});
  });

  it('counts characters, not UTF-16 units, and takes any Unicode punctuation or symbol as special', () => {
    expect(checkNewPassword({ password: 'Ab1😀😀😀😀', confirm: 'Ab1😀😀😀😀' })).toEqual({ password: 'password.minLength' });
    expect(isComplex('Abcdef1 ')).toBe(true); // a space counts, as in Go
    expect(isComplex('Abcdef1฿')).toBe(true);
    expect(isComplex('Abcdefg1')).toBe(false);
  });

  it('ignores names shorter than three letters', () => {
    expect(containsName('Xyzab#12', ['ab', 'Li'])).toBe(false);
    expect(containsName('Xyzabc#12', ['ABC'])).toBe(true);
  });

  it('ticks each rule of the checklist', () => {
    expect(ruleStates('', names)).toEqual({ minLength: false, upperLower: false, digit: false, special: false, noName: false });
    expect(ruleStates('Kanda#2026', names)).toEqual({ minLength: true, upperLower: true, digit: true, special: true, noName: false });
    expect(ruleStates('Soup#2026', names)).toEqual({ minLength: true, upperLower: true, digit: true, special: true, noName: true });
  });
});

describe('one-time codes', () => {
  it('needs six digits', () => {
    expect(checkCode('')).toBe('code.required');
    expect(checkCode('  ')).toBe('code.required');
    expect(checkCode('12345')).toBe('code.format');
    expect(checkCode('12345a')).toBe('code.format');
    expect(checkCode(' 123456 ')).toBeNull();
  });

  it('groups a secret by four for typing', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSW')).toBe('JBSW Y3DP EHPK 3PXP JBSW');
  });
});
