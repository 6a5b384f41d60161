import { useMutation } from '@tanstack/react-query';
import { apiDownload, type FileLink } from '@/lib/api-client';

/** GET /download/templatePatient — the patient import workbook with one example row. */
export function downloadTemplatePatient(branchCode: string): Promise<FileLink | null> {
  return apiDownload('/download/templatePatient', { query: { branchCode } });
}

export function useDownloadTemplatePatient() {
  return useMutation({ mutationFn: downloadTemplatePatient });
}
