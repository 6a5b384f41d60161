import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { SyncJob } from '@/features/patients/sync';

export type StartSyncInput = { branchCode: string; createBy: string };

/**
 * POST /data-patient/importData?branchCode&createBy — starts the branch's hospital sync;
 * while one is queued or running, answers that one (docs/api.md "The hospital sync").
 */
export function startSync({ branchCode, createBy }: StartSyncInput): Promise<SyncJob> {
  return apiPost<SyncJob>('/data-patient/importData', undefined, { query: { branchCode, createBy } });
}

export function useStartSync() {
  return useMutation({ mutationFn: startSync });
}
