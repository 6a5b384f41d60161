import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import { MENUS_AREA, listQuery, type ListParams } from '@/features/menus/api/keys';
import type { Menu } from '@/features/menus/types';

export type SearchMenusParams = ListParams & { cuisineTypeId?: number; mealComponentId?: number };

/** GET /parameter/searchMenu — a page of the branch's dishes. */
export function searchMenus(p: SearchMenusParams): Promise<Page<Menu>> {
  return apiGet<Page<Menu>>('/parameter/searchMenu', {
    query: { ...listQuery(p), cuisineTypeId: p.cuisineTypeId, mealComponentId: p.mealComponentId },
    // the table shows its own spinner
    silent: true,
  });
}

export function searchMenusQueryOptions(p: SearchMenusParams) {
  return queryOptions({
    queryKey: [MENUS_AREA, { endpoint: 'searchMenu', ...p }],
    queryFn: () => searchMenus(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSearchMenus(p: SearchMenusParams) {
  return useQuery(searchMenusQueryOptions(p));
}

/** Every dish of the branch (a set's and a round's choices), inactive ones included. */
export function useMenuChoices(enabled = true) {
  return useQuery({ ...searchMenusQueryOptions({ page: 1, size: 1000, sortBy: 'code' }), placeholderData: undefined, enabled });
}
