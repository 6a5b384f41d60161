import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { USERS_AREA } from '@/features/users/api/keys';
import type { Account } from '@/features/users/types';

export type UnassignedParams = { branchCode: string; roleCode: string };

/** GET /auth/unAssignedUsers — accounts (not inactive) without the role in the branch. */
export function getUnassignedUsers(p: UnassignedParams): Promise<Account[]> {
  return apiGet<Account[]>('/auth/unAssignedUsers', { query: { branchCode: p.branchCode, roleCode: p.roleCode } });
}

export function getUnassignedUsersQueryOptions(p: UnassignedParams) {
  return queryOptions({
    queryKey: [USERS_AREA, { endpoint: 'unAssignedUsers', ...p }],
    queryFn: () => getUnassignedUsers(p),
    staleTime: 0,
  });
}

export function useUnassignedUsers(p: UnassignedParams) {
  return useQuery({ ...getUnassignedUsersQueryOptions(p), enabled: !!p.branchCode && !!p.roleCode });
}
