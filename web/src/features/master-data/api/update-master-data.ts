import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { MASTER_DATA_KEY } from '@/features/master-data/api/search-master-data';
import type { KindType, MasterRecord } from '@/features/master-data/kinds';
import { useScreenMutation } from '@/lib/screen-errors';

export type UpdateInput = { type: KindType; branchCode: string; record: Record<string, unknown> };

/** POST /parameter/updateX — creates (no id) or updates a row; answers the row as stored. */
export function updateMasterData({ type, branchCode, record }: UpdateInput): Promise<MasterRecord> {
  return apiPost<MasterRecord>(`/parameter/update${type}`, { ...record, branchCode });
}

export function useUpdateMasterData() {
  const qc = useQueryClient();
  return useScreenMutation({
    mutationFn: updateMasterData,
    // the screen shows field errors, conflicts and toasts itself
    onSuccess: () => qc.invalidateQueries({ queryKey: MASTER_DATA_KEY }),
  });
}
