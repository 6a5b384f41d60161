import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import type { Scan, Verdict } from '@/features/serve/types';

/** POST /serve/verify — the card's token against the wristband: match, or no match with the reasons. */
export function verifyTray(scan: Scan & { branchCode: string }): Promise<Verdict> {
  return apiPost<Verdict>('/serve/verify', scan);
}

export function useVerifyTray() {
  return useScreenMutation({ mutationFn: verifyTray });
}
