import { apiPostMultipart } from '@/lib/api-client';
import type { UploadJob } from '@/lib/upload-job';

export type UploadPatientsParams = { file: File; branchCode: string; createBy: string };

/**
 * POST /upload/patientData (multipart: file, branchCode, createBy) — answers the import job
 * (followed by lib/upload-job.ts, sent from the shared import dialog). Adds and updates, never deletes.
 */
export function uploadPatients(p: UploadPatientsParams): Promise<UploadJob> {
  const form = new FormData();
  form.append('file', p.file, p.file.name);
  form.append('branchCode', p.branchCode);
  form.append('createBy', p.createBy);
  return apiPostMultipart<UploadJob>('/upload/patientData', form);
}
