import { apiPostForm } from '@/lib/api-client';
import type { TokenResponse } from '@/lib/session';
import { useScreenMutation } from '@/lib/screen-errors';

export type Credentials = { email: string; password: string };

/** The password step's answer for an account with two factors: no tokens, a challenge. */
export type MfaChallenge = {
  mfaRequired: true;
  challenge: string;
  /** 'TOTP' when an authenticator is set up; 'EMAIL' always. */
  methods: MfaMethod[];
  /** Masked: s***e@samrap.local. */
  email: string;
  /** Seconds the challenge lives (10 minutes). */
  expiresIn?: number;
};

export type MfaMethod = 'TOTP' | 'EMAIL';

export function isMfaChallenge(v: TokenResponse | MfaChallenge | null): v is MfaChallenge {
  return Boolean(v && (v as MfaChallenge).mfaRequired === true);
}

/** POST /auth/accessToken — form body username (the e-mail) and password. */
export function getAccessToken({ email, password }: Credentials): Promise<TokenResponse | MfaChallenge> {
  return apiPostForm<TokenResponse | MfaChallenge>('/auth/accessToken', { username: email, password }, { public: true });
}

export function useGetAccessToken() {
  // The Login form shows the failure itself.
  return useScreenMutation({ mutationFn: getAccessToken });
}
