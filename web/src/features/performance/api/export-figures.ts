import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { ExportLink, PerformanceFilter } from '@/features/performance/types';

/** POST /download/workPerformance — the workbook as a signed link; null: 204, the range has no orders. */
export function exportFigures(f: PerformanceFilter): Promise<ExportLink | null> {
  return apiPost<ExportLink | null>('/download/workPerformance', {
    dateFrom: f.dateFrom || undefined, dateTo: f.dateTo || undefined, wardIds: f.wardIds, mealTimeIds: f.mealTimeIds,
    entryBranch: f.entryBranch || undefined,
  });
}

export function useExportFigures() {
  return useMutation({ mutationFn: exportFigures });
}
