import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';

export type ChangePasswordInput = { currentPassword: string; newPassword: string; confirmPassword: string };

/**
 * POST /auth/changePassword {currentPassword, newPassword, confirmPassword} — 422 with
 * field messages (a wrong current password is `currentPassword`), 429 after five wrong
 * ones; on success the caller's other sessions end.
 */
export function changePassword(input: ChangePasswordInput): Promise<null> {
  return apiPost<null>('/auth/changePassword', input);
}

export function useChangePassword() {
  return useScreenMutation({ mutationFn: changePassword });
}
