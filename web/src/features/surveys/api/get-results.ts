import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { SURVEYS_AREA } from '@/features/surveys/api/keys';
import type { Results, ResultsFilter } from '@/features/surveys/types';

export type ResultsParams = ResultsFilter & { page: number; size: number;
  /** The interface language: in the key only, ward names are the server's in that language. */
  lang?: string;
};

/** The query of the results' filters: ids comma-separated, empty values left out. */
export function resultsQuery(f: ResultsFilter): Record<string, string | undefined> {
  const ids = (l: number[]) => (l.length ? l.join(',') : undefined);
  return {
    dateFrom: f.dateFrom || undefined, dateTo: f.dateTo || undefined, wardIds: ids(f.wardIds),
    mealTimeIds: ids(f.mealTimeIds), menuIds: ids(f.menuIds), entryBranch: f.entryBranch || undefined,
  };
}

/** GET /survey/patientSatisfaction (Super Admin, Branch Admin): averages, breakdowns and a page of answers. */
export function getResults(p: ResultsParams): Promise<Results> {
  return apiGet<Results>('/survey/patientSatisfaction', { query: { ...resultsQuery(p), page: p.page, size: p.size }, silent: true });
}

export function resultsQueryOptions(p: ResultsParams) {
  return queryOptions({
    queryKey: [SURVEYS_AREA, { endpoint: 'patientSatisfaction', ...p }],
    queryFn: () => getResults(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useResults(p: ResultsParams) {
  return useQuery(resultsQueryOptions(p));
}
