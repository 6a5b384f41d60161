import { useMutation } from '@tanstack/react-query';
import { apiDownload, type FileLink } from '@/lib/api-client';
import { activityQuery } from '@/features/logs/api/get-activities';
import type { LogFilter } from '@/features/logs/types';

/** GET /download/activityLog — the activity record as .xlsx, through its signed link (null: 204, nothing to export). */
export function downloadActivities(p: LogFilter & { action?: string }): Promise<FileLink | null> {
  return apiDownload('/download/activityLog', { query: activityQuery(p) });
}

export function useDownloadActivities() {
  return useMutation({ mutationFn: downloadActivities });
}
