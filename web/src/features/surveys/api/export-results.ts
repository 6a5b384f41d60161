import { useMutation } from '@tanstack/react-query';
import { apiDownload, type FileLink } from '@/lib/api-client';
import type { ResultsFilter } from '@/features/surveys/types';

/** POST /download/patientSatisfaction: the answers as .xlsx, downloaded through its signed link; null (204) when nothing matches. */
export function exportResults(f: ResultsFilter): Promise<FileLink | null> {
  return apiDownload('/download/patientSatisfaction', {
    body: {
      dateFrom: f.dateFrom || undefined, dateTo: f.dateTo || undefined, wardIds: f.wardIds, mealTimeIds: f.mealTimeIds,
      menuIds: f.menuIds, entryBranch: f.entryBranch || undefined,
    },
  });
}

export function useExportResults() {
  return useMutation({ mutationFn: exportResults });
}
