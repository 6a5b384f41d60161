import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Figures, PerformanceFilter } from '@/features/performance/types';

export const PERFORMANCE_AREA = 'performance' as const;

/** GET /survey/workPerformance — the figures of the filters (ids as comma lists; empty: all). */
export function getFigures(f: PerformanceFilter): Promise<Figures> {
  return apiGet<Figures>('/survey/workPerformance', {
    query: {
      dateFrom: f.dateFrom || undefined, dateTo: f.dateTo || undefined,
      wardIds: f.wardIds.join(',') || undefined, mealTimeIds: f.mealTimeIds.join(',') || undefined,
      entryBranch: f.entryBranch || undefined,
    },
  });
}

export function useFigures(f: PerformanceFilter, lang: string) {
  return useQuery({
    queryKey: [PERFORMANCE_AREA, { endpoint: 'workPerformance', ...f, lang }],
    queryFn: () => getFigures(f),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
