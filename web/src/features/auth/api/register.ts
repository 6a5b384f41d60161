import { apiPostForm } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';

export type RegisterInput = { token: string; password: string; confirmPassword: string };

/** What the new user needs to set up an authenticator now (or later). */
export type RegisterResult = {
  email: string;
  /** For verify-register-otp. */
  challenge: string;
  totp: { secret: string; otpauthUri: string };
};

/**
 * POST /auth/register with token, password and confirmPassword. SPEC.md §7 sends them as
 * query; the API takes them as a form body too, which keeps the password out of URLs and
 * access logs. 422 with the password rules' messages, 410 for a dead link, else the
 * account is active.
 */
export function register({ token, password, confirmPassword }: RegisterInput): Promise<RegisterResult> {
  return apiPostForm<RegisterResult>('/auth/register', { token, password, confirmPassword }, { public: true });
}

export function useRegister() {
  return useScreenMutation({ mutationFn: register });
}
