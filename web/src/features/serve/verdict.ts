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

// HN_CHANGED: the card and the wristband name the patient by its HN before and after a merge
// (docs/serve.md): not verified by the two identifiers.
const UNVERIFIED = new Set(['FORGED', 'OTHER_BRANCH', 'BAD_WRISTBAND', 'ORDER_NOT_FOUND', 'HN_CHANGED']);

export function noMatchKind(reasons: Pick<Reason, 'code'>[]): NoMatchKind {
  if (reasons.some((r) => r.code === 'WRONG_PATIENT')) return 'wrong';
  if (reasons.some((r) => UNVERIFIED.has(r.code))) return 'unverified';
  return 'hold';
}

/** Whether a scan is the card's survey link (…/q/<token>) rather than its tray code. */
export function isSurveyLink(text: string): boolean {
  return SURVEY_LINK.test(text.trim());
}

// The card token's shape, as pkg/orders/token.go (VerifyToken) reads it before its seal: unpadded
// base64url, strict (a last character with stray low bits is refused), version 1, then the
// order id (16 bytes), the branch (a length byte and its bytes), the day (2 bytes), the meal
// type (a uvarint), the HN digest (8 bytes) and the seal (16 bytes). Only the server can check
// the seal: a made-up code of the right shape passes here and is refused at verify (FORGED).
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const TOKEN_VERSION = 1;
const ID_SIZE = 16;
const DIGEST_SIZE = 8;
const SEAL_SIZE = 16;

/** The bytes of unpadded base64url text read strictly (Go's RawURLEncoding.Strict()), or null. */
function strictBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let held = 0;
  let n = 0;
  for (const ch of text) {
    const v = B64URL.indexOf(ch);
    if (v < 0) return null;
    held = (held << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (held >> bits) & 0xff;
      held &= (1 << bits) - 1;
    }
  }
  return held === 0 ? out : null; // the unused low bits of the last character must be zero
}

/** Whether a scan has the shape of a meal card's tray code (its seal is the server's to check). */
export function isCardToken(text: string): boolean {
  const raw = strictBase64Url(text.trim());
  if (!raw || raw.length < 1 + ID_SIZE + 1 + 2 + 1 + DIGEST_SIZE + SEAL_SIZE || raw[0] !== TOKEN_VERSION) return false;
  const rest = raw.subarray(1 + ID_SIZE, raw.length - SEAL_SIZE);
  const branch = rest[0];
  if (rest.length < 1 + branch + 2 + 1 + DIGEST_SIZE) return false;
  const meal = rest.subarray(1 + branch + 2);
  // the meal type's uvarint (Go's binary.Uvarint: at most 10 bytes, the 10th at most 1)
  for (let i = 0; i < meal.length && i < 10; i++) {
    if (meal[i] < 0x80) return !(i === 9 && meal[i] > 1) && meal.length - (i + 1) === DIGEST_SIZE;
  }
  return false;
}
