// What happens between the sign-in answer and the first screen (SPEC.md §2, §4):
// store the tokens, read userInfo, and send the user on: straight in with one pair, to
// SelectRole with several, to InactiveAccount with none or an inactive account.
import type { MfaChallenge } from '@/features/auth/api/get-access-token';
import { getUserInfo } from '@/lib/api/get-user-info';
import { selectRole } from '@/features/auth/api/select-role';
import { LANGUAGES, type Language } from '@/config/constants';
import { changeLanguage } from '@/lib/i18n';
import {
  clearSession,
  hasStoredLanguage,
  storeTokens,
  storeUserInfo,
  type Pair,
  type TokenResponse,
  type UserInfo,
} from '@/lib/session';

export type Destination = '/auth' | '/select-role' | '/inactive-account';

/** Why a screen sent the user back to Login (a key of auth.json `login.*`). */
export type LoginNotice = 'mfaExpired';

/**
 * What Login hands the choose-verification-method screen (`/redirect`, in the history
 * state): the challenge of the password step and when it dies (ms since the epoch).
 */
export type MfaState = MfaChallenge & { expiresAt: number };

export function isUsable(user: UserInfo): boolean {
  return user.status === 'ACTIVE' && user.permission.length > 0;
}

export async function establishSession(tokens: TokenResponse): Promise<Destination> {
  storeTokens(tokens);
  try {
    let user = await getUserInfo();
    if (!isUsable(user)) {
      clearSession();
      return '/inactive-account';
    }
    if (!user.current && user.permission.length === 1) {
      storeTokens(await selectRole(user.permission[0]));
      user = await getUserInfo();
    }
    storeUserInfo(user);
    // The account's language applies on a device where nobody has chosen one yet.
    if (!hasStoredLanguage() && (LANGUAGES as readonly string[]).includes(user.language)) {
      await changeLanguage(user.language as Language);
    }
    return user.current ? '/auth' : '/select-role';
  } catch (e) {
    clearSession(); // never leave tokens without the user they belong to
    throw e;
  }
}

/**
 * Makes `pair` the current pair: new tokens, then the user as the server now sees it.
 * Returns the user without storing it, so the caller decides when the screen changes.
 */
export async function choosePair(pair: Pair): Promise<UserInfo> {
  const tokens = await selectRole(pair);
  // Choosing rotated the refresh token: the old tokens are spent, so the new ones are kept,
  // and if the user cannot be read with them the session is cleared rather than left with
  // tokens of one pair and the stored user of another.
  storeTokens(tokens);
  try {
    return await getUserInfo();
  } catch (e) {
    clearSession();
    throw e;
  }
}

export { storeUserInfo };
