import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { getBranchesQueryOptions } from '@/lib/api/get-branches';
import { useScreenMutation } from '@/lib/screen-errors';
import { getAllBranchesQueryOptions, type BranchRow } from '@/features/branches/api/get-all-branches';

/** The code names the branch and never changes. */
export type BranchUpdate = { code: string; nameTh: string; nameEn: string; timeZone: string; active: boolean };

/** POST /parameter/updateBranch — names, time zone, deactivate or reactivate (Super Admin). */
export function updateBranch(input: BranchUpdate): Promise<BranchRow> {
  return apiPost<BranchRow>('/parameter/updateBranch', input);
}

export function useUpdateBranch() {
  const qc = useQueryClient();
  return useScreenMutation({
    mutationFn: updateBranch,
    // the form shows 422 and 409 (fields.active) beside its fields
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: getAllBranchesQueryOptions().queryKey }),
        // the active branches every screen chooses from
        qc.invalidateQueries({ queryKey: getBranchesQueryOptions().queryKey }),
      ]),
  });
}
