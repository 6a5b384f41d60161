import { useQueryClient } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { usersKey } from '@/features/users/api/keys';
import type { InviteResult } from '@/features/users/types';
import { useScreenMutation } from '@/lib/screen-errors';

/** NOT_INVITED: only accounts never invited; NOT_INVITED,INVITED: and those still waiting. */
export type InviteScope = 'NOT_INVITED' | 'NOT_INVITED,INVITED';

export type InviteUsersByStatusParams = { status: InviteScope; inviteBy: string };

/** GET /auth/inviteUsersByStatus?status&inviteBy — one invitation round. */
export function inviteUsersByStatus(p: InviteUsersByStatusParams): Promise<InviteResult> {
  return apiGet<InviteResult>('/auth/inviteUsersByStatus', { query: { status: p.status, inviteBy: p.inviteBy } });
}

export function useInviteUsersByStatus() {
  const qc = useQueryClient();
  return useScreenMutation({
    mutationFn: inviteUsersByStatus,
    onSettled: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}
