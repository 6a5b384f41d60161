import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostMsg } from '@/lib/api-client';
import { getLockedUsersQueryOptions } from '@/features/users/api/get-locked-users';

export type UnlockBody = { branchCode: string; userId: number };

/** POST /auth/unlockUser — forgets the account's failed sign-ins; answers the server's message. */
export function unlockUser(body: UnlockBody): Promise<string> {
  return apiPostMsg('/auth/unlockUser', body);
}

export function useUnlockUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unlockUser,
    onSuccess: (_msg, body) => qc.invalidateQueries({ queryKey: getLockedUsersQueryOptions(body.branchCode).queryKey }),
  });
}
