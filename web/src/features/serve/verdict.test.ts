import { describe, expect, it } from 'vitest';
import { isSurveyLink, noMatchKind } from '@/features/serve/verdict';
import en from '@/locales/en/serve.json';
import th from '@/locales/th/serve.json';

const of = (...codes: string[]) => codes.map((code) => ({ code }));

// every no-match reason of docs/serve.md
const REASONS = ['FORGED', 'OTHER_BRANCH', 'BAD_WRISTBAND', 'WRONG_PATIENT', 'OTHER_DATE', 'ORDER_NOT_FOUND', 'CANCELLED',
  'ALREADY_SERVED', 'NO_FOOD', 'NPO', 'DISCHARGED', 'ALLERGY', 'TEXTURE', 'UNMAPPED_ALLERGY', 'NEEDS_REVIEW'];

describe('the serve result headline', () => {
  it('says wrong patient only when the card is another patient\'s', () => {
    expect(noMatchKind(of('WRONG_PATIENT'))).toBe('wrong');
    expect(noMatchKind(of('NPO', 'WRONG_PATIENT'))).toBe('wrong');
  });

  it('says the card or wristband could not be checked when nothing is known of the patient', () => {
    for (const code of ['FORGED', 'OTHER_BRANCH', 'BAD_WRISTBAND', 'ORDER_NOT_FOUND']) expect(noMatchKind(of(code)), code).toBe('unverified');
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
