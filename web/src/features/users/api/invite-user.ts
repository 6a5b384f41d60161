import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { usersKey } from '@/features/users/api/keys';
import { useScreenMutation } from '@/lib/screen-errors';

export type InviteUserParams = { userId: number; inviteBy: string };

/** POST /auth/inviteToUser?userId&inviteBy — e-mails one account its registration link. */
export function inviteUser(p: InviteUserParams): Promise<null> {
  return apiPost<null>('/auth/inviteToUser', undefined, { query: { userId: p.userId, inviteBy: p.inviteBy } });
}

export function useInviteUser() {
  const qc = useQueryClient();
  return useScreenMutation({
    mutationFn: inviteUser,
    // 503 MAIL_FAILED is answered by the screen with a retry.
    onSettled: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}
