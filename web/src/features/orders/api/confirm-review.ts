import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import { ordersKey, TAKER } from '@/features/orders/api/keys';
import type { DraftItem } from '@/features/orders/types';

export type ReviewInput = { branchCode: string; orderId: string; items?: DraftItem[]; unmappedAllergiesChecked?: boolean; freeTextAcknowledged?: boolean };

/** POST /takerOrder/confirmReview — re-checks a flagged order against the patient as now; passes → the flag is cleared. */
export function confirmReview(input: ReviewInput): Promise<unknown> {
  return apiPost(`${TAKER}/confirmReview`, input);
}

export function useConfirmReview() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: confirmReview, onSuccess: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
