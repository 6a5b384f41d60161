import { getUserInfo } from '@/lib/api/get-user-info';
import { storeUserInfo } from '@/lib/session';

/**
 * Reads the signed-in user again after a change of the account (two factors, password) and
 * stores it, so the header, the account page and the expiring-password notice follow.
 * (userInfo is the auth feature's endpoint; like parameter's reference data, every area may
 * read it — docs/web.md.)
 */
export async function refreshUserInfo(): Promise<void> {
  storeUserInfo(await getUserInfo());
}
