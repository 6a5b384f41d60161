// How the serve screen reads a scan and a verification's answer (docs/serve.md).
import type { Reason } from '@/features/serve/types';
import { SURVEY_LINK } from '@/lib/survey-link';

/**
 * The headline of a no-match, from its reasons: `wrong` the tray is another patient's;
 * `unverified` the card or the wristband could not be verified (nothing is known of the
 * patient); `hold` the tray is this patient's but cannot be served now (fasting, review,
 * served already…).
 */
export type NoMatchKind = 'wrong' | 'unverified' | 'hold';

const UNVERIFIED = new Set(['FORGED', 'OTHER_BRANCH', 'BAD_WRISTBAND', 'ORDER_NOT_FOUND']);

export function noMatchKind(reasons: Pick<Reason, 'code'>[]): NoMatchKind {
  if (reasons.some((r) => r.code === 'WRONG_PATIENT')) return 'wrong';
  if (reasons.some((r) => UNVERIFIED.has(r.code))) return 'unverified';
  return 'hold';
}

/** Whether a scan is the card's survey link (…/q/<token>) rather than its tray code. */
export function isSurveyLink(text: string): boolean {
  return SURVEY_LINK.test(text.trim());
}
