import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export type Branch = { code: string; nameTh: string; nameEn: string; timeZone: string };

/** GET /parameter/branches — the active branches (names and time zones). */
export function getBranches(): Promise<Branch[]> {
  return apiGet<Branch[]>('/parameter/branches');
}

export function getBranchesQueryOptions() {
  return queryOptions({
    queryKey: ['parameter', { endpoint: 'branches' }],
    queryFn: getBranches,
    staleTime: 10 * 60_000,
  });
}

export function useBranches(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...getBranchesQueryOptions(), enabled: opts.enabled ?? true });
}
