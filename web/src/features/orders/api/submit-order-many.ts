import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import { ordersKey, TAKER } from '@/features/orders/api/keys';
import type { DraftBody, ManyResult } from '@/features/orders/types';

export type ManyDraft = DraftBody & { hnIds: string[]; patientVersions: Record<string, number>; freeTextAcknowledgedHnIds?: string[] };

/** POST /takerOrder/submitOrderMany — the same choice for several patients, each checked on its own. */
export function submitOrderMany(draft: ManyDraft): Promise<ManyResult> {
  return apiPost<ManyResult>(`${TAKER}/submitOrderMany`, draft as unknown as Record<string, unknown>);
}

export function useSubmitOrderMany() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: submitOrderMany, onSettled: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
