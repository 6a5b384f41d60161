import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import { MENUS_AREA } from '@/features/menus/api/keys';
import type { Ref } from '@/features/menus/types';

/** The master-data kinds the menus forms pick from (docs/api.md "Master data"). */
export type MasterKind =
  | 'Allergies'
  | 'Restricted'
  | 'CuisineType'
  | 'MealComponent'
  | 'MealClass'
  | 'DietType'
  | 'Therapeutic'
  | 'TrayCategory'
  | 'NutrientUnit'
  | 'MealTime';

/** A master-data row as a choice; a meal type also has its colours and times. */
export type MasterRow = Ref & { status: 'ACTIVE' | 'INACTIVE'; mealColor?: string; textColor?: string; startTime?: string };

/** GET /parameter/searchX?size=1000 — every row of a kind of the branch, inactive ones included. */
export function getMasterRows(kind: MasterKind, branch: string): Promise<Page<MasterRow>> {
  return apiGet<Page<MasterRow>>(`/parameter/search${kind}`, { query: { branch, page: 1, size: 1000, sortBy: 'code' }, silent: true });
}

export function masterRowsQueryOptions(kind: MasterKind, branch: string) {
  return queryOptions({
    queryKey: [MENUS_AREA, { endpoint: `search${kind}`, branch }],
    queryFn: () => getMasterRows(kind, branch),
    staleTime: 60_000,
  });
}

export function useMasterRows(kind: MasterKind, branch: string) {
  return useQuery({ ...masterRowsQueryOptions(kind, branch), enabled: branch !== '' });
}
