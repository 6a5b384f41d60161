import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { SURVEYS_AREA } from '@/features/surveys/api/keys';
import type { Tray } from '@/features/surveys/types';

export type TraysParams = { date: string; mealTimeId: string; wardId: string; q: string };

/** GET /survey/trays (Serve, Controller): the branch's live trays of a day, to enter a survey for. */
export function getTrays(p: TraysParams): Promise<Tray[]> {
  return apiGet<Tray[]>('/survey/trays', {
    query: { date: p.date, mealTimeId: p.mealTimeId || undefined, wardId: p.wardId || undefined, q: p.q || undefined },
    silent: true,
  });
}

export function traysQueryOptions(p: TraysParams) {
  return queryOptions({
    queryKey: [SURVEYS_AREA, { endpoint: 'trays', ...p }],
    queryFn: () => getTrays(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useTrays(p: TraysParams) {
  return useQuery(traysQueryOptions(p));
}
