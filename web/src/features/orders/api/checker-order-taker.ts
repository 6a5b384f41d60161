import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import { TAKER } from '@/features/orders/api/keys';
import type { CheckResult, Draft } from '@/features/orders/types';

/** POST /takerOrder/checkerOrderTaker — every problem of a draft; writes nothing. */
export function checkOrder(draft: Draft): Promise<CheckResult> {
  return apiPost<CheckResult>(`${TAKER}/checkerOrderTaker`, draft as unknown as Record<string, unknown>);
}

export function useCheckOrder() {
  return useScreenMutation({ mutationFn: checkOrder });
}
