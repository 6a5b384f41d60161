import { apiPostMultipart } from '@/lib/api-client';
import type { UploadJob } from '@/lib/upload-job';

/** What the menus import reads: dishes (`Menu`) or cycle contents (`CycleMenu`). */
export type MenuDataType = 'Menu' | 'CycleMenu';

export type UploadMenuDataInput = { type: MenuDataType; branchCode: string; createBy: string; file: File };

/**
 * POST /upload/menuData (multipart) — stores the file and answers the queued job
 * (followed by lib/upload-job.ts, sent from the shared import dialog).
 */
export function uploadMenuData({ type, branchCode, createBy, file }: UploadMenuDataInput): Promise<UploadJob> {
  const form = new FormData();
  form.append('branchCode', branchCode);
  form.append('createBy', createBy);
  form.append('type', type);
  form.append('file', file, file.name);
  return apiPostMultipart<UploadJob>('/upload/menuData', form);
}
