import { useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { MASTER_DATA_KEY } from '@/features/master-data/api/search-master-data';
import type { KindType } from '@/features/master-data/kinds';
import { useScreenMutation } from '@/lib/screen-errors';

export type DeleteInput = { type: KindType; branchCode: string; id: number };

/** DELETE /parameter/deleteX?branchCode&id — 409 when something uses the row. */
export function deleteMasterData({ type, branchCode, id }: DeleteInput): Promise<null> {
  return apiDelete<null>(`/parameter/delete${type}`, { query: { branchCode, id } });
}

export function useDeleteMasterData() {
  const qc = useQueryClient();
  return useScreenMutation({
    mutationFn: deleteMasterData,
    // also after a failure: a 404 means someone else deleted it, so the list is stale
    onSettled: () => qc.invalidateQueries({ queryKey: MASTER_DATA_KEY }),
  });
}
