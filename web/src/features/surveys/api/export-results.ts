import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { ResultsFilter } from '@/features/surveys/types';

/** The signed link of an export (files bucket, expires in minutes). */
export type ExportLink = { url: string; fileName: string; expiresAt: string };

/** POST /download/patientSatisfaction: the answers as .xlsx through a signed link; null (204) when nothing matches. */
export function exportResults(f: ResultsFilter): Promise<ExportLink | null> {
  return apiPost<ExportLink | null>('/download/patientSatisfaction', {
    dateFrom: f.dateFrom || undefined, dateTo: f.dateTo || undefined, wardIds: f.wardIds, mealTimeIds: f.mealTimeIds,
    menuIds: f.menuIds, entryBranch: f.entryBranch || undefined,
  });
}

export function useExportResults() {
  return useMutation({ mutationFn: exportResults });
}
