import { apiGet } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';

export type VerifyRegisterOtpInput = { challenge: string; code: string };

/**
 * GET /auth/verify-register-otp?challenge=&code= — confirms the authenticator set up at
 * registration and turns two factors on.
 */
export function verifyRegisterOtp({ challenge, code }: VerifyRegisterOtpInput): Promise<null> {
  return apiGet<null>('/auth/verify-register-otp', { query: { challenge, code }, public: true });
}

export function useVerifyRegisterOtp() {
  return useScreenMutation({ mutationFn: verifyRegisterOtp });
}
