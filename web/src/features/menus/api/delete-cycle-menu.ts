import { useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { menusKey } from '@/features/menus/api/keys';
import { useScreenMutation } from '@/lib/screen-errors';

/** DELETE /parameter/deleteCycleMenu?branchCode&id — takes a dish or a set out of a cell. */
export function deleteCycleMenu({ branchCode, id }: { branchCode: string; id: number }): Promise<null> {
  return apiDelete<null>('/parameter/deleteCycleMenu', { query: { branchCode, id } });
}

export function useDeleteCycleMenu() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: deleteCycleMenu, onSettled: () => qc.invalidateQueries({ queryKey: menusKey }) });
}
