import { apiGet } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';

/**
 * GET /auth/sendMail-otp?challenge= — e-mails a 6-digit code valid 5 minutes; at most one a
 * minute, five per challenge and ten an hour per account (429 with data.retryAfter).
 */
export function sendMailOtp(challenge: string): Promise<null> {
  return apiGet<null>('/auth/sendMail-otp', { query: { challenge }, public: true });
}

export function useSendMailOtp() {
  // The screen shows the wait, the retry prompt and the dead challenge itself.
  return useScreenMutation({ mutationFn: sendMailOtp });
}
