import type { AccountCodeMethod } from '@/features/account/api/request-account-code';
import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';

export type DisableMfaInput = { challenge: string; method: AccountCodeMethod; code: string };

/** POST /auth/disableMFA {challenge, method, code} — turns two factors off after a fresh code. */
export function disableMfa(input: DisableMfaInput): Promise<null> {
  return apiPost<null>('/auth/disableMFA', input);
}

export function useDisableMfa() {
  return useScreenMutation({ mutationFn: disableMfa });
}
