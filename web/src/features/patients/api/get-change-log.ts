import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import { PATIENTS_AREA } from '@/features/patients/api/keys';
import type { Change } from '@/features/patients/types';

export type ChangeLogParams = {
  /** One patient's HN, or every patient of the branch when empty. */
  hnId?: string;
  /** YYYY-MM-DD, both days included (the server's last 30 days when absent). */
  dateFrom?: string;
  dateTo?: string;
  page: number;
  size: number;
};

/** GET /patient/changeLog — the patient change record, oldest first. */
export function getChangeLog(p: ChangeLogParams): Promise<Page<Change>> {
  return apiGet<Page<Change>>('/patient/changeLog', {
    query: { hnId: p.hnId || undefined, dateFrom: p.dateFrom || undefined, dateTo: p.dateTo || undefined, page: p.page, size: p.size },
    silent: true,
  });
}

export function changeLogQueryOptions(p: ChangeLogParams) {
  return queryOptions({
    queryKey: [PATIENTS_AREA, { endpoint: 'changeLog', ...p }],
    queryFn: () => getChangeLog(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useChangeLog(p: ChangeLogParams) {
  return useQuery(changeLogQueryOptions(p));
}
