import { useMutation } from '@tanstack/react-query';
import { apiDownload, type DownloadedFile } from '@/lib/api-client';
import { activityQuery } from '@/features/logs/api/get-activities';
import type { LogFilter } from '@/features/logs/types';

/** GET /download/activityLog — the activity record as .xlsx (null: 204, nothing to export). */
export function downloadActivities(p: LogFilter & { action?: string }): Promise<DownloadedFile | null> {
  return apiDownload('/download/activityLog', 'activity_log.xlsx', { query: activityQuery(p) });
}

export function useDownloadActivities() {
  return useMutation({ mutationFn: downloadActivities });
}
