import { apiPostMultipart } from '@/lib/api-client';
import type { KindType } from '@/features/master-data/kinds';
import { useScreenMutation } from '@/lib/screen-errors';

export type ImportJob = {
  jobId: string;
  branchCode: string;
  type: string;
  fileName: string;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  totalRows: number;
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
  skipped: number;
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Why a FAILED job failed, in the caller's language. */
  error?: string;
  /** A signed link (5 minutes) to the failed-rows workbook, when rows were skipped. */
  failedUrl?: string;
};

export type UploadInput = { type: KindType; branchCode: string; createBy: string; file: File };

/** POST /upload/masterData (multipart) — stores the file and answers the queued job. */
export function uploadMasterData({ type, branchCode, createBy, file }: UploadInput): Promise<ImportJob> {
  const form = new FormData();
  form.append('branchCode', branchCode);
  form.append('createBy', createBy);
  form.append('type', type);
  form.append('file', file, file.name);
  return apiPostMultipart<ImportJob>('/upload/masterData', form);
}

export function useUploadMasterData() {
  return useScreenMutation({ mutationFn: uploadMasterData });
}
