import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import { serveKey } from '@/features/serve/api/keys';
import type { Scan } from '@/features/serve/types';

export type UpdateServeInput = Scan & {
  branchCode: string;
  action: 'SERVED' | 'REJECTED';
  rejectReason?: string;
  deviceId: string;
  /** One id per confirmation: sent twice, it records once. */
  requestId: string;
};

/** POST /serve/update — records the tray served (it must match) or rejected (with a reason). */
export function updateServe(input: UpdateServeInput): Promise<{ replayed: boolean }> {
  return apiPost<{ replayed: boolean }>('/serve/update', input);
}

export function useUpdateServe() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: updateServe, onSuccess: () => qc.invalidateQueries({ queryKey: serveKey }) });
}
