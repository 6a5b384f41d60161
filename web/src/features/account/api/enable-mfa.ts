import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';

export type EnableMfaInput = { challenge: string; code: string };

/** POST /auth/enableMFA {challenge, code} — confirms the authenticator, turns two factors on. */
export function enableMfa(input: EnableMfaInput): Promise<null> {
  return apiPost<null>('/auth/enableMFA', input);
}

export function useEnableMfa() {
  return useScreenMutation({ mutationFn: enableMfa });
}
