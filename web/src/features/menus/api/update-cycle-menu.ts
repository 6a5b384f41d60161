import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { menusKey } from '@/features/menus/api/keys';
import { useScreenMutation } from '@/lib/screen-errors';

/** The body of updateCycleMenu: exactly one of menuId and menuSetId. */
export type CycleMenuInput = {
  id?: number;
  cycleId: number;
  dayNo: number;
  mealTimeId: number;
  menuId: number | null;
  menuSetId: number | null;
  trayCategoryId: number | null;
  dietTypeId: number | null;
  therapeuticId: number | null;
  cuisineTypeId: number | null;
};

/** POST /parameter/updateCycleMenu — puts a dish or a set in a day and meal of a round. */
export function updateCycleMenu({ branchCode, item }: { branchCode: string; item: CycleMenuInput }) {
  return apiPost<unknown>('/parameter/updateCycleMenu', { ...item, branchCode });
}

export function useUpdateCycleMenu() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: updateCycleMenu, onSuccess: () => qc.invalidateQueries({ queryKey: menusKey }) });
}
