import { useMutation } from '@tanstack/react-query';
import { apiDownload, type FileLink } from '@/lib/api-client';

/** GET /download/userPermissionReport?branchCode — everyone in the branch (null: 204). */
export function downloadUserPermissionReport(branchCode: string): Promise<FileLink | null> {
  return apiDownload('/download/userPermissionReport', { query: { branchCode } });
}

export function useDownloadUserPermissionReport() {
  return useMutation({ mutationFn: downloadUserPermissionReport });
}
