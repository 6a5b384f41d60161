import { apiPostMultipart } from '@/lib/api-client';
import type { UploadJob } from '@/features/users/types';
import { useScreenMutation } from '@/lib/screen-errors';

export type UploadUsersParams = { file: File; createBy: string; sendEmail: boolean };

/** POST /upload/user (multipart: file, createBy, sendEmail) — answers the import job. */
export function uploadUsers(p: UploadUsersParams): Promise<UploadJob> {
  const form = new FormData();
  form.append('file', p.file, p.file.name);
  form.append('createBy', p.createBy);
  form.append('sendEmail', String(p.sendEmail));
  return apiPostMultipart<UploadJob>('/upload/user', form);
}

export function useUploadUsers() {
  // 422 (format, empty, more than one file) is shown in the import dialog.
  return useScreenMutation({ mutationFn: uploadUsers });
}
