import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import { LOGS_AREA } from '@/features/logs/api/keys';
import type { Change, LogFilter } from '@/features/logs/types';

export type ChangesParams = LogFilter & { entity?: string; entityId?: string; page: number; size: number;
  /** The interface language: in the key only, the labels are the server's in that language. */
  lang?: string;
};

/** GET /logs/changes — the change log, newest first, each entry with its fields before and after. */
export function getChanges(p: ChangesParams): Promise<Page<Change>> {
  return apiGet<Page<Change>>('/logs/changes', {
    query: {
      person: p.person || undefined, entity: p.entity || undefined, entityId: p.entityId || undefined,
      dateFrom: p.dateFrom || undefined, dateTo: p.dateTo || undefined, entryBranch: p.entryBranch || undefined,
      page: p.page, size: p.size,
    },
    silent: true,
  });
}

export function changesQueryOptions(p: ChangesParams) {
  return queryOptions({
    queryKey: [LOGS_AREA, { endpoint: 'changes', ...p }],
    queryFn: () => getChanges(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useChanges(p: ChangesParams) {
  return useQuery(changesQueryOptions(p));
}
