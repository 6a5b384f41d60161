import { useMutation } from '@tanstack/react-query';
import { apiDownload, type FileLink } from '@/lib/api-client';

export type ChangeLogFileParams = { hnId?: string; dateFrom?: string; dateTo?: string };

/** GET /download/patientChangeLog — the change record as .xlsx, through its signed link (null: 204, nothing to export). */
export function downloadChangeLog(p: ChangeLogFileParams): Promise<FileLink | null> {
  return apiDownload('/download/patientChangeLog', {
    query: { hnId: p.hnId || undefined, dateFrom: p.dateFrom || undefined, dateTo: p.dateTo || undefined },
  });
}

export function useDownloadChangeLog() {
  return useMutation({ mutationFn: downloadChangeLog });
}
