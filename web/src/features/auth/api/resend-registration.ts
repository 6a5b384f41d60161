import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';

/**
 * POST /auth/resendRegistration?token= — for an expired link of an account still waiting
 * for confirmation, e-mails a new one. Always the same answer.
 */
export function resendRegistration(token: string): Promise<null> {
  return apiPost<null>('/auth/resendRegistration', undefined, { query: { token }, public: true });
}

export function useResendRegistration() {
  return useScreenMutation({ mutationFn: resendRegistration });
}
