import { useMutation } from '@tanstack/react-query';
import { apiDownload, type DownloadedFile } from '@/lib/api-client';

/** GET /download/userPermissionReport?branchCode — everyone in the branch (null: 204). */
export function downloadUserPermissionReport(branchCode: string): Promise<DownloadedFile | null> {
  return apiDownload('/download/userPermissionReport', 'user_permission_report.xlsx', { query: { branchCode } });
}

export function useDownloadUserPermissionReport() {
  return useMutation({ mutationFn: downloadUserPermissionReport });
}
