import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { usersKey } from '@/features/users/api/keys';

export type AssignBody = { branchCode: string; roleCode: string; userIds: number[] };

/** POST /auth/assign — gives the role in the branch to the accounts. */
export function assignUsers(body: AssignBody): Promise<null> {
  return apiPost<null>('/auth/assign', body);
}

export function useAssignUsers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: assignUsers,
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}
