import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import type { KindType, MasterRecord } from '@/features/master-data/kinds';

export type SearchParams = {
  type: KindType;
  branch: string;
  criteria?: string;
  /** From 1. */
  page: number;
  size: number;
  sortBy?: string;
  sortDesc?: boolean;
  status?: 'ACTIVE' | 'INACTIVE';
};

/** The shared key of every master-data query: mutations invalidate through it. */
export const MASTER_DATA_KEY = ['master-data'] as const;

/** GET /parameter/searchX — a page of a kind's rows of the branch, inactive ones included. */
export function searchMasterData(p: SearchParams): Promise<Page<MasterRecord>> {
  return apiGet<Page<MasterRecord>>(`/parameter/search${p.type}`, {
    query: {
      branch: p.branch,
      criteria: p.criteria || undefined,
      page: p.page,
      size: p.size,
      sortBy: p.sortBy,
      sortDesc: p.sortDesc || undefined,
      status: p.status,
    },
    // the table shows its own spinner
    silent: true,
  });
}

export function searchMasterDataQueryOptions(p: SearchParams) {
  return queryOptions({
    queryKey: [...MASTER_DATA_KEY, { endpoint: 'search', ...p }],
    queryFn: () => searchMasterData(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSearchMasterData(p: SearchParams) {
  return useQuery(searchMasterDataQueryOptions(p));
}

/**
 * The rows a form offers for a reference (a ward's ward type, a religion's restricted
 * ingredients): every row of the kind, inactive ones included so an edited record still
 * shows what it names (they are offered disabled).
 */
export function useMasterDataChoices(type: KindType, branch: string, enabled = true) {
  return useQuery({
    ...searchMasterDataQueryOptions({ type, branch, page: 1, size: 1000, sortBy: 'code' }),
    placeholderData: undefined,
    enabled: enabled && branch !== '',
  });
}
