import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Branch } from '@/lib/api/get-branches';

/** A branch of the group as the Super Admin sees it: inactive ones too. */
export type BranchRow = Branch & { active: boolean };

/** GET /parameter/allBranches — every branch of the group, inactive ones included (Super Admin). */
export function getAllBranches(): Promise<BranchRow[]> {
  return apiGet<BranchRow[]>('/parameter/allBranches');
}

export function getAllBranchesQueryOptions() {
  return queryOptions({ queryKey: ['parameter', { endpoint: 'allBranches' }], queryFn: getAllBranches });
}

export function useAllBranches() {
  return useQuery(getAllBranchesQueryOptions());
}
