import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { USERS_AREA } from '@/features/users/api/keys';
import type { Account } from '@/features/users/types';

/** GET /auth/getUserById/{id} — one account, for the edit form. */
export function getUser(id: number): Promise<Account> {
  return apiGet<Account>(`/auth/getUserById/${id}`);
}

export function getUserQueryOptions(id: number) {
  return queryOptions({
    queryKey: [USERS_AREA, { endpoint: 'getUserById', id }],
    queryFn: () => getUser(id),
    staleTime: 0,
  });
}

export function useUser(id: number | null) {
  return useQuery({ ...getUserQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
