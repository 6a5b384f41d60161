import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { ordersKey, TAKER } from '@/features/orders/api/keys';
import type { ManyDraft } from '@/features/orders/api/submit-order-many';
import type { Problem } from '@/features/orders/types';

export type PatientCheck = { hnId: string; problems: Problem[] | null };

/** POST /takerOrder/checkerOrderMany — each patient's problems with a ward's draft; writes nothing. */
export function checkOrderMany(draft: ManyDraft): Promise<{ results: PatientCheck[] | null }> {
  return apiPost<{ results: PatientCheck[] | null }>(`${TAKER}/checkerOrderMany`, draft as unknown as Record<string, unknown>);
}

/** The check of a ward's draft, read again whenever the draft changes (enabled: it is complete). */
export function useCheckOrderMany(draft: ManyDraft, enabled: boolean) {
  return useQuery({
    queryKey: [...ordersKey, 'checkMany', draft],
    queryFn: () => checkOrderMany(draft),
    enabled,
    staleTime: 0,
  });
}
