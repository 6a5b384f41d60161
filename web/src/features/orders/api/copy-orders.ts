import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import { ordersKey, TAKER } from '@/features/orders/api/keys';
import type { ManyResult } from '@/features/orders/types';

export type CopyInput = { branchCode: string; wardId: number; fromDate: string; toDate: string; mealTimeIds?: number[]; idempotencyKey: string };

/** POST /takerOrder/copyOrders — a ward's live orders of one date ordered again on another, each checked. */
export function copyOrders(input: CopyInput): Promise<ManyResult> {
  return apiPost<ManyResult>(`${TAKER}/copyOrders`, input);
}

export function useCopyOrders() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: copyOrders, onSettled: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
