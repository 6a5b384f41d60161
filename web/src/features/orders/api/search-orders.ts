import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { ORDERS_AREA, TAKER } from '@/features/orders/api/keys';
import type { OrderPage, OrderRow } from '@/features/orders/types';

export type SearchOrdersParams = {
  branch: string;
  dateOrder: string;
  criteria?: string;
  /** From 1. */
  page: number;
  size: number;
  sortBy?: string;
  sortDesc?: boolean;
  /** A ward id or All. */
  ward: string;
  status: string;
  /** A meal type id narrowing the status filter ("not ordered" + lunch: no lunch yet), or All. */
  meal?: string;
};

/** GET /takerOrder/search — a page of the date's patients with each meal type's order; rows keyed by place. */
export async function searchOrders(p: SearchOrdersParams): Promise<OrderPage> {
  const page = await apiGet<Omit<OrderPage, 'items'> & { items: Omit<OrderRow, 'id'>[] | null }>(`${TAKER}/search`, {
    query: {
      branch: p.branch,
      dateOrder: p.dateOrder,
      criteria: p.criteria || undefined,
      page: p.page,
      size: p.size,
      sortBy: p.sortBy,
      sortDesc: p.sortBy ? p.sortDesc === true : undefined,
      ward: p.ward,
      status: p.status,
      mealTimeId: p.meal && p.meal !== 'All' ? p.meal : undefined,
    },
    silent: true,
  });
  const items = (page.items ?? []).map((x, i) => ({ ...x, id: (page.page - 1) * page.size + i + 1 }));
  return { ...page, items, mealTypes: page.mealTypes ?? [] };
}

export function searchOrdersQueryOptions(p: SearchOrdersParams) {
  return queryOptions({
    queryKey: [ORDERS_AREA, { endpoint: 'search', ...p }],
    queryFn: () => searchOrders(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSearchOrders(p: SearchOrdersParams, enabled = true) {
  return useQuery({ ...searchOrdersQueryOptions(p), enabled: enabled && p.branch !== '' && p.dateOrder !== '' });
}
