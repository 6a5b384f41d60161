import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export type Role = { code: string; nameTh: string; nameEn: string };

/** GET /parameter/roles?branchCode= — the roles a pair may name in the branch. */
export function getRoles(branchCode: string): Promise<Role[]> {
  return apiGet<Role[]>('/parameter/roles', { query: { branchCode } });
}

export function getRolesQueryOptions(branchCode: string) {
  return queryOptions({
    queryKey: ['parameter', { endpoint: 'roles', branchCode }],
    queryFn: () => getRoles(branchCode),
    staleTime: 10 * 60_000,
  });
}

export function useRoles(branchCode: string | undefined) {
  return useQuery({ ...getRolesQueryOptions(branchCode ?? ''), enabled: !!branchCode });
}
