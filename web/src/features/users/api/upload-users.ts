import { apiPostMultipart } from '@/lib/api-client';
import type { UploadJob } from '@/lib/upload-job';

export type UploadUsersParams = { file: File; createBy: string; sendEmail: boolean };

/**
 * POST /upload/user (multipart: file, createBy, sendEmail) — answers the import job
 * (followed by lib/upload-job.ts, sent from the shared import dialog).
 */
export function uploadUsers(p: UploadUsersParams): Promise<UploadJob> {
  const form = new FormData();
  form.append('file', p.file, p.file.name);
  form.append('createBy', p.createBy);
  form.append('sendEmail', String(p.sendEmail));
  return apiPostMultipart<UploadJob>('/upload/user', form);
}
