import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { USERS_AREA } from '@/features/users/api/keys';
import type { Candidate } from '@/features/users/types';

export type UnassignedParams = { branchCode: string; roleCode: string };

/** GET /auth/unAssignedUsers — a pick-list of the accounts (not inactive) without the role in the branch. */
export function getUnassignedUsers(p: UnassignedParams): Promise<Candidate[]> {
  return apiGet<Candidate[]>('/auth/unAssignedUsers', { query: { branchCode: p.branchCode, roleCode: p.roleCode } });
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
