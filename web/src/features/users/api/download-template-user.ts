import { useMutation } from '@tanstack/react-query';
import { apiDownload, type DownloadedFile } from '@/lib/api-client';

/** GET /download/templateUser — the user import workbook (null: 204, DATA_NOT_FOUND). */
export function downloadTemplateUser(): Promise<DownloadedFile | null> {
  return apiDownload('/download/templateUser', 'user_template.xlsx');
}

export function useDownloadTemplateUser() {
  return useMutation({ mutationFn: downloadTemplateUser });
}
