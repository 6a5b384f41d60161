import { useMutation } from '@tanstack/react-query';
import { apiDownload, type FileLink } from '@/lib/api-client';

/** GET /download/templateUser — the user import workbook (null: 204, DATA_NOT_FOUND). */
export function downloadTemplateUser(): Promise<FileLink | null> {
  return apiDownload('/download/templateUser');
}

export function useDownloadTemplateUser() {
  return useMutation({ mutationFn: downloadTemplateUser });
}
