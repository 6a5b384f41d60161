import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { menusKey } from '@/features/menus/api/keys';
import type { RoundType, Status } from '@/features/menus/types';
import { useScreenMutation } from '@/lib/screen-errors';

/** The body of updateCycle (docs/api.md): dates YYYY-MM-DD, endDate '' for open-ended. */
export type CycleInput = {
  id?: number;
  code: string;
  nameTh: string;
  nameEn: string;
  roundType: RoundType;
  dayCount: number;
  startDate: string;
  endDate: string;
  remark: string;
  status?: Status;
};

/**
 * POST /parameter/updateCycle — creates or updates a round. 409 CYCLE_OVERLAP when an active
 * round's dates overlap another active round: `msg` names it, `data.overlaps` lists them.
 */
export function updateCycle({ branchCode, cycle }: { branchCode: string; cycle: CycleInput }) {
  return apiPost<unknown>('/parameter/updateCycle', { ...cycle, branchCode });
}

export function useUpdateCycle() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: updateCycle, onSuccess: () => qc.invalidateQueries({ queryKey: menusKey }) });
}
