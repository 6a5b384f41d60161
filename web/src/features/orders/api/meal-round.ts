import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import { ordersKey, TAKER } from '@/features/orders/api/keys';
import type { PatientCheck } from '@/features/orders/api/checker-order-many';
import type { Conflict, Dish, DishSet, DraftItem, ManyResult, MealType, OrderRow, OrderType, Problem } from '@/features/orders/types';

/** What a round row orders. */
export type RoundChoice = { orderType: OrderType; courseType?: 'MENU' | 'SET' | 'SPECIFIC'; items: DraftItem[] };

export type RoundRow = {
  patient: Omit<OrderRow, 'id'>;
  ordered: boolean;
  suggestion: RoundChoice | null;
  /** YESTERDAY, MENU, NPO, NONE (discharged) or '' (nothing of the day is allowed) */
  source: string;
  problems: Problem[] | null;
  /** the conflicts of the day's items for this patient, keyed m<dish id> / s<set id> */
  conflicts: Record<string, Conflict[]> | null;
};

export type DayItem = { content: { id?: number }; menu?: Dish | null; menuSet?: DishSet | null };

export type Round = { wardId: number; dateOrder: string; mealType: MealType; covered: boolean; items: DayItem[] | null; rows: RoundRow[] | null };

/** A patient's pick in the round, as submitRound and checkerRound take it. */
export type RoundPick = RoundChoice & {
  hnId: string;
  patientVersion: number;
  description?: string;
  unmappedAllergiesChecked?: boolean;
  freeTextAcknowledged?: boolean;
};

export type RoundInput = { branchCode: string; idempotencyKey: string; dateOrder: string; mealTimeId: number; rows: RoundPick[] };

/** GET /takerOrder/mealRound — a ward's patients for one meal, each with a checked suggestion. */
export function useMealRound(p: { branch: string; wardId: number; dateOrder: string; mealTimeId: number }) {
  return useQuery({
    queryKey: [...ordersKey, 'round', p],
    queryFn: () => apiGet<Round>(`${TAKER}/mealRound`, { query: { branchCode: p.branch, wardId: p.wardId, dateOrder: p.dateOrder, mealTimeId: p.mealTimeId } }),
    enabled: p.branch !== '' && p.wardId > 0 && p.mealTimeId > 0,
  });
}

/** POST /takerOrder/checkerRound — each pick's problems; writes nothing. */
export function useCheckRound(input: RoundInput, enabled: boolean) {
  return useQuery({
    queryKey: [...ordersKey, 'checkRound', input],
    queryFn: () => apiPost<{ results: PatientCheck[] | null }>(`${TAKER}/checkerRound`, input as unknown as Record<string, unknown>),
    enabled,
    staleTime: 0,
  });
}

/** POST /takerOrder/submitRound — the round in one request, each patient on its own. */
export function useSubmitRound() {
  const qc = useQueryClient();
  return useScreenMutation({
    mutationFn: (input: RoundInput) => apiPost<ManyResult>(`${TAKER}/submitRound`, input as unknown as Record<string, unknown>),
    onSettled: () => qc.invalidateQueries({ queryKey: ordersKey }),
  });
}
