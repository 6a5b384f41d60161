import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { usersKey } from '@/features/users/api/keys';
import type { AssignBody } from '@/features/users/api/assign-users';

/** POST /auth/unassign — takes the role in the branch from the accounts (409 OWN_ADMIN_PAIR). */
export function unassignUsers(body: AssignBody): Promise<null> {
  return apiPost<null>('/auth/unassign', body);
}

export function useUnassignUsers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unassignUsers,
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}
