import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import { MENUS_AREA, listQuery, type ListParams } from '@/features/menus/api/keys';
import type { Cycle } from '@/features/menus/types';

/** GET /parameter/searchCycle — a page of the branch's rounds (by start date unless sorted). */
export function searchCycles(p: ListParams): Promise<Page<Cycle>> {
  return apiGet<Page<Cycle>>('/parameter/searchCycle', { query: listQuery(p), silent: true });
}

export function searchCyclesQueryOptions(p: ListParams) {
  return queryOptions({
    queryKey: [MENUS_AREA, { endpoint: 'searchCycle', ...p }],
    queryFn: () => searchCycles(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSearchCycles(p: ListParams) {
  return useQuery(searchCyclesQueryOptions(p));
}
