import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import { LOGS_AREA } from '@/features/logs/api/keys';
import type { Activity, LogFilter } from '@/features/logs/types';

export type ActivitiesParams = LogFilter & { action?: string; page: number; size: number;
  /** The interface language: in the key only, the labels are the server's in that language. */
  lang?: string;
};

/** The query of the activity record's filters; empty values are left out. */
export function activityQuery(p: LogFilter & { action?: string }) {
  return {
    person: p.person || undefined, action: p.action || undefined, dateFrom: p.dateFrom || undefined,
    dateTo: p.dateTo || undefined, entryBranch: p.entryBranch || undefined,
  };
}

/** GET /logs/activities — the activity record, newest first. */
export function getActivities(p: ActivitiesParams): Promise<Page<Activity>> {
  return apiGet<Page<Activity>>('/logs/activities', { query: { ...activityQuery(p), page: p.page, size: p.size }, silent: true });
}

export function activitiesQueryOptions(p: ActivitiesParams) {
  return queryOptions({
    queryKey: [LOGS_AREA, { endpoint: 'activities', ...p }],
    queryFn: () => getActivities(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useActivities(p: ActivitiesParams) {
  return useQuery(activitiesQueryOptions(p));
}
