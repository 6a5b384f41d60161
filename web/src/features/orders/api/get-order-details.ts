import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { ORDERS_AREA, TAKER } from '@/features/orders/api/keys';
import type { Order } from '@/features/orders/types';

/** GET /takerOrder/getOrderDetails — one order with its items, conflicts and review reasons. */
export function getOrderDetails(branchCode: string, orderId: string): Promise<Order> {
  return apiGet<Order>(`${TAKER}/getOrderDetails`, { query: { orderId, branchCode }, silent: true });
}

export function useOrderDetails(branchCode: string, orderId: string | null) {
  return useQuery({
    queryKey: [ORDERS_AREA, { endpoint: 'details', branchCode, orderId }],
    queryFn: () => getOrderDetails(branchCode, orderId ?? ''),
    enabled: branchCode !== '' && !!orderId,
    staleTime: 0,
  });
}
