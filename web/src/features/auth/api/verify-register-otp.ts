import { useMutation } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export type VerifyRegisterOtpInput = { challenge: string; code: string };

/**
 * GET /auth/verify-register-otp?challenge=&code= — confirms the authenticator set up at
 * registration and turns two factors on.
 */
export function verifyRegisterOtp({ challenge, code }: VerifyRegisterOtpInput): Promise<null> {
  return apiGet<null>('/auth/verify-register-otp', { query: { challenge, code }, public: true });
}

export function useVerifyRegisterOtp() {
  return useMutation({ mutationFn: verifyRegisterOtp, meta: { silentError: true } });
}
