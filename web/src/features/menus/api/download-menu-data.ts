import { useMutation } from '@tanstack/react-query';
import { apiDownload, type FileLink } from '@/lib/api-client';
import type { MenuDataType } from '@/features/menus/api/upload-menu-data';

/** `template`: the header row only (the import template). */
export type DownloadMenuDataInput = { type: MenuDataType; branchCode: string; template?: boolean };

/**
 * GET /download/menuDataType?branchCode&type[&template=true] — the branch's dishes or cycle
 * contents as .xlsx, through its signed link, the columns the import reads; null when there are none (204,
 * DATA_NOT_FOUND). The template is never empty.
 */
export function downloadMenuData({ type, branchCode, template }: DownloadMenuDataInput): Promise<FileLink | null> {
  return apiDownload('/download/menuDataType', { query: { branchCode, type, template: template || undefined } });
}

export function useDownloadMenuData() {
  return useMutation({ mutationFn: downloadMenuData });
}
