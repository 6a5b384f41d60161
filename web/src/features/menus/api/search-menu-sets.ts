import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import { MENUS_AREA, listQuery, type ListParams } from '@/features/menus/api/keys';
import type { MenuSet } from '@/features/menus/types';

export type SearchMenuSetsParams = ListParams & { dietTypeId?: number; therapeuticId?: number };

/** GET /parameter/searchMenuSet — a page of the branch's menu sets. */
export function searchMenuSets(p: SearchMenuSetsParams): Promise<Page<MenuSet>> {
  return apiGet<Page<MenuSet>>('/parameter/searchMenuSet', {
    query: { ...listQuery(p), dietTypeId: p.dietTypeId, therapeuticId: p.therapeuticId },
    silent: true,
  });
}

export function searchMenuSetsQueryOptions(p: SearchMenuSetsParams) {
  return queryOptions({
    queryKey: [MENUS_AREA, { endpoint: 'searchMenuSet', ...p }],
    queryFn: () => searchMenuSets(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSearchMenuSets(p: SearchMenuSetsParams) {
  return useQuery(searchMenuSetsQueryOptions(p));
}

/** Every set of the branch (a round's choices), inactive ones included. */
export function useMenuSetChoices(enabled = true) {
  return useQuery({ ...searchMenuSetsQueryOptions({ page: 1, size: 1000, sortBy: 'code' }), placeholderData: undefined, enabled });
}
