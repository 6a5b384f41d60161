import { useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { menusKey } from '@/features/menus/api/keys';
import { useScreenMutation } from '@/lib/screen-errors';

/** DELETE /parameter/deleteMenu?branchCode&id — 409 while a set or a round uses the dish. */
export function deleteMenu({ branchCode, id }: { branchCode: string; id: number }): Promise<null> {
  return apiDelete<null>('/parameter/deleteMenu', { query: { branchCode, id } });
}

export function useDeleteMenu() {
  const qc = useQueryClient();
  return useScreenMutation({
    mutationFn: deleteMenu,
    // also after a failure: a 404 means someone else deleted it, so the list is stale
    onSettled: () => qc.invalidateQueries({ queryKey: menusKey }),
  });
}
