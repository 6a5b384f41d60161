import { useMutation } from '@tanstack/react-query';
import { apiDownload, type FileLink } from '@/lib/api-client';
import type { PerformanceFilter } from '@/features/performance/types';

/** POST /download/workPerformance — the workbook, downloaded through its signed link; null: 204, the range has no orders. */
export function exportFigures(f: PerformanceFilter): Promise<FileLink | null> {
  return apiDownload('/download/workPerformance', {
    body: {
      dateFrom: f.dateFrom || undefined, dateTo: f.dateTo || undefined, wardIds: f.wardIds, mealTimeIds: f.mealTimeIds,
      entryBranch: f.entryBranch || undefined,
    },
  });
}

export function useExportFigures() {
  return useMutation({ mutationFn: exportFigures });
}
