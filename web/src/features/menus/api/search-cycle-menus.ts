import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import { MENUS_AREA } from '@/features/menus/api/keys';
import type { CycleMenu } from '@/features/menus/types';

/** The most contents one call answers (the server's largest page). */
export const MAX_CONTENTS = 1000;

/** GET /parameter/searchCycleMenu?cycleId — the contents of a round (its grid). */
export function searchCycleMenus(cycleId: number): Promise<Page<CycleMenu>> {
  return apiGet<Page<CycleMenu>>('/parameter/searchCycleMenu', { query: { cycleId, page: 1, size: MAX_CONTENTS }, silent: true });
}

export function cycleMenusQueryOptions(cycleId: number) {
  return queryOptions({
    queryKey: [MENUS_AREA, { endpoint: 'searchCycleMenu', cycleId }],
    queryFn: () => searchCycleMenus(cycleId),
    staleTime: 0,
  });
}

export function useCycleMenus(cycleId: number) {
  return useQuery(cycleMenusQueryOptions(cycleId));
}
