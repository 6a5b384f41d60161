import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import { ordersKey, TAKER } from '@/features/orders/api/keys';
import type { CancelReason, Order } from '@/features/orders/types';

export type CancelInput = { branchCode: string; orderId: string; cancelReason: CancelReason; remark?: string };

/** POST /takerOrder/cancel — cancels a live order (a reason is required). */
export function cancelOrder(input: CancelInput): Promise<Order> {
  return apiPost<Order>(`${TAKER}/cancel`, input);
}

export function useCancelOrder() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: cancelOrder, onSuccess: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
