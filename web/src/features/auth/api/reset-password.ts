import { apiPostForm } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';

export type ResetPasswordInput = { token: string; password: string; confirmPassword: string };

/**
 * POST /auth/resetPassword with token, password and confirmPassword as a form body (the
 * spec's query works too; a body keeps the password out of URLs and access logs) — 422 for
 * the rules (also "same as the old password"), 410 for a dead link; on success every
 * session of the account ends.
 */
export function resetPassword({ token, password, confirmPassword }: ResetPasswordInput): Promise<null> {
  return apiPostForm<null>('/auth/resetPassword', { token, password, confirmPassword }, { public: true });
}

export function useResetPassword() {
  return useScreenMutation({ mutationFn: resetPassword });
}
