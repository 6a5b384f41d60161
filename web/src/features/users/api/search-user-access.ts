import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import { USERS_AREA } from '@/features/users/api/keys';
import type { Access } from '@/features/users/types';

export type SearchUserAccessParams = {
  branchCode: string;
  criteria?: string;
  page: number;
  size: number;
  /** ALL or a role code. */
  roleCode?: string;
  status?: string;
  /** `field` or `field,desc`. */
  sort?: string;
};

/** GET /auth/searchUserAccess — the accounts holding a role in the branch (Branch Admin). */
export function searchUserAccess(p: SearchUserAccessParams): Promise<Page<Access>> {
  return apiGet<Page<Access>>('/auth/searchUserAccess', {
    query: {
      branchCode: p.branchCode,
      criteria: p.criteria || undefined,
      page: p.page,
      size: p.size,
      roleCode: p.roleCode && p.roleCode !== 'ALL' ? p.roleCode : undefined,
      status: p.status && p.status !== 'ALL' ? p.status : undefined,
      sort: p.sort || undefined,
    },
  });
}

export function searchUserAccessQueryOptions(p: SearchUserAccessParams) {
  return queryOptions({
    queryKey: [USERS_AREA, { endpoint: 'searchUserAccess', ...p }],
    queryFn: () => searchUserAccess(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSearchUserAccess(p: SearchUserAccessParams) {
  return useQuery({ ...searchUserAccessQueryOptions(p), enabled: !!p.branchCode });
}
