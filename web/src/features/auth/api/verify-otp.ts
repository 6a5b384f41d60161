import type { MfaMethod } from '@/features/auth/api/get-access-token';
import { apiGet } from '@/lib/api-client';
import type { TokenResponse } from '@/lib/session';
import { useScreenMutation } from '@/lib/screen-errors';

export type VerifyOtpInput = { challenge: string; method: MfaMethod; code: string };

/**
 * GET /auth/verify-otp?challenge=&method=&code= — the tokens of accessToken; 422
 * CODE_INVALID for a wrong or expired code; 401 MFA_EXPIRED once the challenge is dead.
 */
export function verifyOtp({ challenge, method, code }: VerifyOtpInput): Promise<TokenResponse> {
  return apiGet<TokenResponse>('/auth/verify-otp', { query: { challenge, method, code }, public: true });
}

export function useVerifyOtp() {
  return useScreenMutation({ mutationFn: verifyOtp });
}
