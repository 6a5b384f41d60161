import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { menusKey } from '@/features/menus/api/keys';
import type { IddsiType, Status } from '@/features/menus/types';
import { useScreenMutation } from '@/lib/screen-errors';

/** The body of updateMenu (docs/api.md): no id creates. */
export type MenuInput = {
  id?: number;
  code: string;
  nameTh: string;
  nameEn: string;
  cuisineTypeId?: number;
  mealComponentId?: number;
  iddsiType: IddsiType;
  iddsiLevel?: number;
  price: number;
  remark: string;
  status?: Status;
  allergenIds: number[];
  restrictedIds: number[];
  mealClassIds: number[];
  dietTypeIds: number[];
  therapeuticIds: number[];
  nutrients: { nutrient: string; amount: number; unitId: number }[];
};

/** POST /parameter/updateMenu — creates or updates a dish; answers it as stored. */
export function updateMenu({ branchCode, menu }: { branchCode: string; menu: MenuInput }) {
  return apiPost<unknown>('/parameter/updateMenu', { ...menu, branchCode });
}

export function useUpdateMenu() {
  const qc = useQueryClient();
  return useScreenMutation({
    mutationFn: updateMenu,
    // the screen shows field errors, conflicts and toasts itself
    onSuccess: () => qc.invalidateQueries({ queryKey: menusKey }),
  });
}
