import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export type AccountCodeMethod = 'EMAIL' | 'TOTP';

/**
 * POST /auth/requestAccountCode {method} — a challenge for a change that needs a fresh code
 * (turning two factors off); with EMAIL the code is e-mailed.
 */
export function requestAccountCode(method: AccountCodeMethod): Promise<{ challenge: string }> {
  return apiPost<{ challenge: string }>('/auth/requestAccountCode', { method });
}

export function useRequestAccountCode() {
  return useMutation({ mutationFn: requestAccountCode, meta: { silentError: true } });
}
