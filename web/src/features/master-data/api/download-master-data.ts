import { useMutation } from '@tanstack/react-query';
import { apiDownload, type FileLink } from '@/lib/api-client';
import type { KindType } from '@/features/master-data/kinds';

/** `template`: the kind's workbook with the header row only (the import template). */
export type DownloadInput = { type: KindType; branchCode: string; template?: boolean };

/**
 * GET /download/masterDataType?branchCode&type[&template=true] — the kind's rows as .xlsx, through its signed link;
 * null when the branch has none (204, DATA_NOT_FOUND). The template is never empty: a list
 * with no rows still gets one.
 */
export function downloadMasterData({ type, branchCode, template }: DownloadInput): Promise<FileLink | null> {
  return apiDownload('/download/masterDataType', { query: { branchCode, type, template: template || undefined } });
}

export function useDownloadMasterData() {
  return useMutation({ mutationFn: downloadMasterData });
}
