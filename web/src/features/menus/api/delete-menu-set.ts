import { useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { menusKey } from '@/features/menus/api/keys';
import { useScreenMutation } from '@/lib/screen-errors';

/** DELETE /parameter/deleteMenuSet?branchCode&id — 409 while a round uses the set. */
export function deleteMenuSet({ branchCode, id }: { branchCode: string; id: number }): Promise<null> {
  return apiDelete<null>('/parameter/deleteMenuSet', { query: { branchCode, id } });
}

export function useDeleteMenuSet() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: deleteMenuSet, onSettled: () => qc.invalidateQueries({ queryKey: menusKey }) });
}
