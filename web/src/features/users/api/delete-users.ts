import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { usersKey } from '@/features/users/api/keys';

export type DeleteUsersBody = { userIds: number[]; updateBy: string };

/** POST /auth/deleteUsers — removes accounts (out at their next sign-out). */
export function deleteUsers(body: DeleteUsersBody): Promise<null> {
  return apiPost<null>('/auth/deleteUsers', body);
}

export function useDeleteUsers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteUsers,
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}
