import { useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { menusKey } from '@/features/menus/api/keys';
import { useScreenMutation } from '@/lib/screen-errors';

/** DELETE /parameter/deleteCycle?branchCode&id — deletes the round and its contents. */
export function deleteCycle({ branchCode, id }: { branchCode: string; id: number }): Promise<null> {
  return apiDelete<null>('/parameter/deleteCycle', { query: { branchCode, id } });
}

export function useDeleteCycle() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: deleteCycle, onSettled: () => qc.invalidateQueries({ queryKey: menusKey }) });
}
