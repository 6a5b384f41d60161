import { apiPostMultipart } from '@/lib/api-client';
import type { UploadJob } from '@/lib/upload-job';
import type { KindType } from '@/features/master-data/kinds';

export type UploadInput = { type: KindType; branchCode: string; createBy: string; file: File };

/**
 * POST /upload/masterData (multipart) — stores the file and answers the queued job
 * (followed by lib/upload-job.ts, sent from the shared import dialog).
 */
export function uploadMasterData({ type, branchCode, createBy, file }: UploadInput): Promise<UploadJob> {
  const form = new FormData();
  form.append('branchCode', branchCode);
  form.append('createBy', createBy);
  form.append('type', type);
  form.append('file', file, file.name);
  return apiPostMultipart<UploadJob>('/upload/masterData', form);
}
