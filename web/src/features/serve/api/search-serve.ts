import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import { SERVE_AREA } from '@/features/serve/api/keys';
import type { MealType, Tray, TrayRow } from '@/features/serve/types';

export type SearchServeParams = {
  branch: string;
  criteria?: string;
  page: number;
  size: number;
  sortBy?: string;
  sortDesc?: boolean;
  /** A ward id or All. */
  ward: string;
  /** A meal type id or All. */
  mealType: string;
  /** All, WAITING, SERVED or REJECTED. */
  status: string;
};

export type TrayPage = Page<TrayRow> & { mealTypes: MealType[] };

/** GET /serve/searchServe — today's trays of the branch with their serve status. */
export async function searchServe(p: SearchServeParams): Promise<TrayPage> {
  const page = await apiGet<Page<Tray> & { mealTypes: MealType[] }>('/serve/searchServe', {
    query: {
      branchCode: p.branch,
      criteria: p.criteria || undefined,
      page: p.page,
      size: p.size,
      sortBy: p.sortBy,
      sortDesc: p.sortBy ? p.sortDesc === true : undefined,
      ward: p.ward,
      mealType: p.mealType,
      status: p.status === 'All' ? 'ALL' : p.status,
    },
    silent: true,
  });
  return { ...page, items: page.items.map((x, i) => ({ ...x, id: (page.page - 1) * page.size + i + 1 })) };
}

export function searchServeQueryOptions(p: SearchServeParams) {
  return queryOptions({
    queryKey: [SERVE_AREA, { endpoint: 'searchServe', ...p }],
    queryFn: () => searchServe(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSearchServe(p: SearchServeParams) {
  return useQuery({ ...searchServeQueryOptions(p), enabled: p.branch !== '' });
}
