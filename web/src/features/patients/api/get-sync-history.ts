import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import type { SyncJob } from '@/features/patients/sync';

/** GET /data-patient/syncHistory?branchCode&page&size — the branch's syncs, newest first, each with its report. */
export function useSyncHistory(branchCode: string, page: number, size: number, enabled: boolean) {
  return useQuery({
    queryKey: ['patient-sync', branchCode, 'history', { page, size }],
    queryFn: () => apiGet<Page<SyncJob>>('/data-patient/syncHistory', { query: { branchCode, page, size } }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
