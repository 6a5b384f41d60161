import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import { USERS_AREA } from '@/features/users/api/keys';
import type { Account } from '@/features/users/types';

export type SearchUsersParams = {
  criteria?: string;
  page: number;
  size: number;
  sortBy?: string;
  sortDesc?: boolean;
  /** ALL or one of the statuses (SPEC.md §9 filter). */
  status?: string;
};

/** GET /auth/searchUsers — a page of accounts (Super Admin). */
export function searchUsers(p: SearchUsersParams): Promise<Page<Account>> {
  return apiGet<Page<Account>>('/auth/searchUsers', {
    query: {
      criteria: p.criteria || undefined,
      page: p.page,
      size: p.size,
      sortBy: p.sortBy,
      sortDesc: p.sortBy ? p.sortDesc === true : undefined,
      status: p.status && p.status !== 'ALL' ? p.status : undefined,
    },
  });
}

export function searchUsersQueryOptions(p: SearchUsersParams) {
  return queryOptions({
    queryKey: [USERS_AREA, { endpoint: 'searchUsers', ...p }],
    queryFn: () => searchUsers(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSearchUsers(p: SearchUsersParams) {
  return useQuery(searchUsersQueryOptions(p));
}
