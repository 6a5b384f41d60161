import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { ORDERS_AREA, TAKER } from '@/features/orders/api/keys';

/** GET /takerOrder/getQrByOrderId/{id} — the tray's opaque signed token. */
export function getQr(branchCode: string, orderId: string): Promise<{ orderId: string; token: string }> {
  return apiGet(`${TAKER}/getQrByOrderId/${encodeURIComponent(orderId)}`, { query: { branchCode }, silent: true });
}

export function useQr(branchCode: string, orderId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [ORDERS_AREA, { endpoint: 'qr', branchCode, orderId }],
    queryFn: () => getQr(branchCode, orderId ?? ''),
    enabled: enabled && branchCode !== '' && !!orderId,
    staleTime: Infinity,
  });
}
