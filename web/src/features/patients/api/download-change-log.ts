import { useMutation } from '@tanstack/react-query';
import { apiDownload, type DownloadedFile } from '@/lib/api-client';

export type ChangeLogFileParams = { hnId?: string; dateFrom?: string; dateTo?: string };

/** GET /download/patientChangeLog — the change record as .xlsx (null: 204, nothing to export). */
export function downloadChangeLog(p: ChangeLogFileParams): Promise<DownloadedFile | null> {
  return apiDownload('/download/patientChangeLog', 'patient_change_record.xlsx', {
    query: { hnId: p.hnId || undefined, dateFrom: p.dateFrom || undefined, dateTo: p.dateTo || undefined },
  });
}

export function useDownloadChangeLog() {
  return useMutation({ mutationFn: downloadChangeLog });
}
