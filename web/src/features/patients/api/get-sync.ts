import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { syncPollInterval, type SyncJob } from '@/features/patients/sync';

/** GET /data-patient/checkProcessApiPatient?branchCode — the branch's latest sync (null: never). */
export function getSync(branchCode: string): Promise<SyncJob | null> {
  return apiGet<SyncJob | null>('/data-patient/checkProcessApiPatient', { query: { branchCode }, silent: true });
}

/** Its own key (not under patientsKey): the list's reload after a sync must not ask it again. */
export function getSyncQueryOptions(branchCode: string) {
  return queryOptions({
    queryKey: ['patient-sync', branchCode],
    queryFn: () => getSync(branchCode),
    refetchInterval: syncPollInterval,
    // the start's answer seeds it; polling brings the news
    staleTime: Infinity,
  });
}

export function useSync(branchCode: string, enabled: boolean) {
  return useQuery({ ...getSyncQueryOptions(branchCode), enabled });
}
