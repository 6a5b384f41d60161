import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

/**
 * POST /auth/resendRegistration?token= — for an expired link of an account still waiting
 * for confirmation, e-mails a new one. Always the same answer.
 */
export function resendRegistration(token: string): Promise<null> {
  return apiPost<null>('/auth/resendRegistration', undefined, { query: { token }, public: true });
}

export function useResendRegistration() {
  return useMutation({ mutationFn: resendRegistration, meta: { silentError: true } });
}
