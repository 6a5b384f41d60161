import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { ORDERS_AREA, TAKER } from '@/features/orders/api/keys';
import type { CaregiverInfo, Conflict, Dish } from '@/features/orders/types';

export type ReplaceParams = {
  branchCode: string;
  hnId: string;
  dateOrder: string;
  mealTimeId: number;
  menuId?: number;
  menuSetId?: number;
  caregiver?: CaregiverInfo;
};

export type ReplaceAnswer = { conflicts: Conflict[] | null; alternatives: { menu?: Dish; menuSet?: Dish; conflicts: Conflict[] | null }[] | null };

/** POST /takerOrder/checkReplaceIngredient — a chosen item's conflicts and the day's alternatives without any. */
export function checkReplaceIngredient(p: ReplaceParams): Promise<ReplaceAnswer> {
  return apiPost<ReplaceAnswer>(`${TAKER}/checkReplaceIngredient`, { ...p }, { silent: true });
}

export function useReplaceIngredient(p: ReplaceParams | null) {
  return useQuery({
    queryKey: [ORDERS_AREA, { endpoint: 'checkReplaceIngredient', ...p }],
    queryFn: () => checkReplaceIngredient(p as ReplaceParams),
    enabled: p !== null,
    staleTime: 0,
  });
}
