import { useMutation } from '@tanstack/react-query';
import { apiDownload, type DownloadedFile } from '@/lib/api-client';

/** GET /download/templatePatient — the patient import workbook with one example row. */
export function downloadTemplatePatient(branchCode: string): Promise<DownloadedFile | null> {
  return apiDownload('/download/templatePatient', 'patient_template.xlsx', { query: { branchCode } });
}

export function useDownloadTemplatePatient() {
  return useMutation({ mutationFn: downloadTemplatePatient });
}
