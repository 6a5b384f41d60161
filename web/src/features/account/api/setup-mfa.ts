import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export type MfaSetup = { secret: string; otpauthUri: string; challenge: string };

/** POST /auth/setupMFA — a pending authenticator secret that enableMFA confirms. */
export function setupMfa(): Promise<MfaSetup> {
  return apiPost<MfaSetup>('/auth/setupMFA');
}

export function useSetupMfa() {
  return useMutation({ mutationFn: setupMfa });
}
