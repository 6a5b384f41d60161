import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import { ordersKey, TAKER } from '@/features/orders/api/keys';
import type { Draft } from '@/features/orders/types';

export type SubmitAnswer = { orders: { orderId: string; dateOrder: string; mealTimeId: number }[] | null };

/** POST /takerOrder/submitOrder — the draft's orders in one transaction (422 problems, 409 ALREADY_ORDERED). */
export function submitOrder(draft: Draft): Promise<SubmitAnswer> {
  return apiPost<SubmitAnswer>(`${TAKER}/submitOrder`, draft as unknown as Record<string, unknown>);
}

export function useSubmitOrder() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: submitOrder, onSuccess: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
