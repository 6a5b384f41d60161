import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';

export type AccountCodeMethod = 'EMAIL' | 'TOTP';

/**
 * POST /auth/requestAccountCode {method} — a challenge for a change that needs a fresh code
 * (turning two factors off); with EMAIL the code is e-mailed.
 */
export function requestAccountCode(method: AccountCodeMethod): Promise<{ challenge: string }> {
  return apiPost<{ challenge: string }>('/auth/requestAccountCode', { method });
}

export function useRequestAccountCode() {
  return useScreenMutation({ mutationFn: requestAccountCode });
}
