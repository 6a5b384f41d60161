import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { getBranchesQueryOptions, type Branch } from '@/lib/api/get-branches';
import { useScreenMutation } from '@/lib/screen-errors';
import { getAllBranchesQueryOptions } from '@/features/branches/api/get-all-branches';

export type NewBranch = {
  code: string;
  nameTh: string;
  nameEn: string;
  timeZone: string;
  /** The branch whose master data the new one starts from; empty: none. */
  copyFrom?: string;
};

export type CreatedBranch = Branch & { copiedFrom?: string; copied?: Record<string, number> };

/** POST /parameter/createBranch — adds a branch (Super Admin), optionally copying another's master data. */
export function createBranch(input: NewBranch): Promise<CreatedBranch> {
  return apiPost<CreatedBranch>('/parameter/createBranch', { ...input, copyFrom: input.copyFrom || undefined });
}

export function useCreateBranch() {
  const qc = useQueryClient();
  return useScreenMutation({
    mutationFn: createBranch,
    // the form shows 422 and 409 beside its fields
    // every screen that names branches (lists, selects, user pairs) reads this one query
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: getBranchesQueryOptions().queryKey }),
        qc.invalidateQueries({ queryKey: getAllBranchesQueryOptions().queryKey }),
      ]),
  });
}
