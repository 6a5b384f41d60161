import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';

/**
 * POST /auth/sendEmailForgotPassword?email= — the same answer whether or not the e-mail
 * exists; an active account gets a single-use link valid 30 minutes. 429 after three
 * requests per e-mail in 15 minutes.
 */
export function sendEmailForgotPassword(email: string): Promise<null> {
  return apiPost<null>('/auth/sendEmailForgotPassword', undefined, { query: { email }, public: true });
}

export function useSendEmailForgotPassword() {
  return useScreenMutation({ mutationFn: sendEmailForgotPassword });
}
