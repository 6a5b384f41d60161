import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { menusKey } from '@/features/menus/api/keys';
import type { Status } from '@/features/menus/types';
import { useScreenMutation } from '@/lib/screen-errors';

/** The body of updateMenuSet (docs/api.md): `menuIds` are the set's dishes in order. */
export type MenuSetInput = {
  id?: number;
  code: string;
  nameTh: string;
  nameEn: string;
  trayCategoryId: number | null;
  dietTypeId: number | null;
  therapeuticId: number | null;
  price: number;
  remark: string;
  status?: Status;
  menuIds: number[];
};

/** POST /parameter/updateMenuSet — creates or updates a set. */
export function updateMenuSet({ branchCode, set }: { branchCode: string; set: MenuSetInput }) {
  return apiPost<unknown>('/parameter/updateMenuSet', { ...set, branchCode });
}

export function useUpdateMenuSet() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: updateMenuSet, onSuccess: () => qc.invalidateQueries({ queryKey: menusKey }) });
}
