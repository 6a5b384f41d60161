import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { ORDERS_AREA, TAKER } from '@/features/orders/api/keys';
import type { CaregiverInfo, FilteredMenu, FoodScope } from '@/features/orders/types';

export type FilterMenuParams = {
  branchCode: string;
  hnId: string;
  dateOrder: string;
  mealTimeId: number;
  foodScope: FoodScope;
  dietTypeId?: number | null;
  therapeuticId?: number | null;
  cuisineTypeId?: number | null;
  mealComponentId?: number | null;
  /** The caregiver form's stated restrictions (filterMenuCaregiver). */
  caregiver?: CaregiverInfo;
};

/** POST /takerOrder/filterMenu (or filterMenuCaregiver) — the day's dishes and sets with their conflicts. */
export function filterMenu(p: FilterMenuParams): Promise<FilteredMenu> {
  const path = p.caregiver ? 'filterMenuCaregiver' : 'filterMenu';
  return apiPost<FilteredMenu>(`${TAKER}/${path}`, { ...p }, { silent: true });
}

export function useFilterMenu(p: FilterMenuParams, enabled: boolean) {
  return useQuery({
    queryKey: [ORDERS_AREA, { endpoint: 'filterMenu', ...p }],
    queryFn: () => filterMenu(p),
    enabled: enabled && p.branchCode !== '' && p.hnId !== '' && p.dateOrder !== '' && p.mealTimeId > 0,
    staleTime: 0,
  });
}
