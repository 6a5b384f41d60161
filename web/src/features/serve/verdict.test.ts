import { describe, expect, it } from 'vitest';
import { isCardToken, isSurveyLink, noMatchKind } from '@/features/serve/verdict';
import en from '@/locales/en/serve.json';
import th from '@/locales/th/serve.json';

const of = (...codes: string[]) => codes.map((code) => ({ code }));

// every no-match reason of docs/serve.md
const REASONS = ['FORGED', 'OTHER_BRANCH', 'BAD_WRISTBAND', 'WRONG_PATIENT', 'HN_CHANGED', 'OTHER_DATE', 'ORDER_NOT_FOUND', 'CANCELLED',
  'ALREADY_SERVED', 'NO_FOOD', 'NPO', 'DISCHARGED', 'ALLERGY', 'TEXTURE', 'UNMAPPED_ALLERGY', 'NEEDS_REVIEW'];

describe('the serve result headline', () => {
  it('says wrong patient only when the card is another patient\'s', () => {
    expect(noMatchKind(of('WRONG_PATIENT'))).toBe('wrong');
    expect(noMatchKind(of('NPO', 'WRONG_PATIENT'))).toBe('wrong');
  });

  it('says the card or wristband could not be checked when nothing is known of the patient', () => {
    for (const code of ['FORGED', 'OTHER_BRANCH', 'BAD_WRISTBAND', 'ORDER_NOT_FOUND', 'HN_CHANGED']) expect(noMatchKind(of(code)), code).toBe('unverified');
  });

  it('says cannot serve now for the patient\'s own tray that must not be given yet (review, fasting, served…)', () => {
    for (const code of ['NEEDS_REVIEW', 'NPO', 'OTHER_DATE', 'CANCELLED', 'ALREADY_SERVED', 'NO_FOOD', 'DISCHARGED', 'ALLERGY', 'TEXTURE', 'UNMAPPED_ALLERGY']) {
      expect(noMatchKind(of(code)), code).toBe('hold');
    }
    expect(noMatchKind(of('ALLERGY', 'NEEDS_REVIEW'))).toBe('hold');
  });

  it('has what to do next for every reason, in Thai and English', () => {
    for (const code of REASONS) {
      expect((th.confirm.nextStep as Record<string, string>)[code], code).toBeTruthy();
      expect((en.confirm.nextStep as Record<string, string>)[code], code).toBeTruthy();
    }
  });
});

describe('a scan at step 1', () => {
  it('recognises the card\'s survey link', () => {
    expect(isSurveyLink('https://samrap.example/q/AbC-d_9')).toBe(true);
    expect(isSurveyLink('http://localhost:5173/q/tok_1/ ')).toBe(true);
  });

  it('takes a tray code as a card', () => {
    expect(isSurveyLink('v1.SRP01.eyJvIjoiYWJjIn0.c2ln')).toBe(false);
    expect(isSurveyLink('SRP01-HN10002')).toBe(false);
  });
});

// Tokens sealed by pkg/orders.SignToken (a test key): SRP01 meal 3, SRP01 meal 300 (a two-byte
// uvarint), an empty branch code, a long branch code with a meal id of 2^40.
const TOKENS = [
  'AQt_PC5dSk6Lmhwvbo0MSxoFU1JQMDEmYQP_b7ewCUC_R4RXakcrjMWhVYQV45EvLbA',
  'AQt_PC5dSk6Lmhwvbo0MSxoFU1JQMDEmYawC_2-3sAlAv0eQ9HytSeplXG5qwRPL-9SW',
  'AQt_PC5dSk6Lmhwvbo0MSxoAJmEBXKXvaHKzI4rZj0Hu0pvn2ESh3xdyqazM',
  'AQt_PC5dSk6Lmhwvbo0MSxoXQlJBTkNILVdJVEgtQS1MT05HLUNPREUmYYCAgICAIIJ09rQN89_mgLzAkq8oNkbv1-Y4xDYKrw',
];

describe('a card token at step 1 (the shape pkg/orders/token.go reads)', () => {
  it('takes the tokens the server seals, a wedge\'s whitespace around them too', () => {
    for (const tok of TOKENS) expect(isCardToken(tok), tok).toBe(true);
    expect(isCardToken(` ${TOKENS[0]}\n`)).toBe(true);
  });

  it('refuses any other text: a word, an HN, a survey link, a JWT-like code', () => {
    for (const text of ['garbage123', '', 'SRP01-HN10002', 'HN10002', 'https://samrap.example/q/AbC-d_9', 'v1.SRP01.eyJvIjoiYWJjIn0.c2ln', 'ข้าวต้ม']) {
      expect(isCardToken(text), text).toBe(false);
    }
  });

  it('reads strictly as the server does: padding, a foreign character, stray bits in the last character', () => {
    const [tok] = TOKENS;
    expect(isCardToken(`${tok}=`)).toBe(false); // padded
    expect(isCardToken(tok.replace('_', '/'))).toBe(false); // standard base64, not base64url
    expect(isCardToken(tok.slice(0, -1) + 'B')).toBe(false); // the last character's unused bits set
    expect(isCardToken(tok + 'A')).toBe(false); // a length no base64 has (4n + 1)
  });

  it('refuses a code of the wrong layout: too short, another version, a branch longer than the token, a meal type that runs into the seal', () => {
    const bytes = (b: number[]) => btoa(String.fromCharCode(...b)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const id = Array(16).fill(7);
    const seal = Array(16).fill(9);
    const digest = Array(8).fill(5);
    const token = (version: number, branch: number[], meal: number[], extra: number[] = []) =>
      bytes([version, ...id, branch.length, ...branch, 0x26, 0x61, ...meal, ...digest, ...extra, ...seal]);
    expect(isCardToken(token(1, [83, 82, 80], [3]))).toBe(true);
    expect(isCardToken(token(2, [83, 82, 80], [3]))).toBe(false);
    expect(isCardToken(token(1, [83, 82, 80], [3], [0]))).toBe(false); // a byte too many
    expect(isCardToken(token(1, [83, 82, 80], [0x83]))).toBe(false); // the uvarint never ends
    expect(isCardToken(bytes([1, ...id, 200, 0x26, 0x61, 3, ...digest, ...seal]))).toBe(false); // a branch of 200 bytes
    expect(isCardToken(bytes([1, ...id, 0, 0x26, 0x61, 3, ...digest]))).toBe(false); // no seal
  });
});
