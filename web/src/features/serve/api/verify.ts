import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import type { Scan, Verdict } from '@/features/serve/types';

/** POST /serve/verify — the card's token against the wristband: match, or no match with the reasons (a no-match is recorded with the device, for the work performance figures). */
export function verifyTray(scan: Scan & { branchCode: string; deviceId?: string }): Promise<Verdict> {
  return apiPost<Verdict>('/serve/verify', scan);
}

export function useVerifyTray() {
  return useScreenMutation({ mutationFn: verifyTray });
}
