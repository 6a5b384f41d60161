import { useMutation } from '@tanstack/react-query';
import { apiDownload, type DownloadedFile } from '@/lib/api-client';
import type { KindType } from '@/features/master-data/kinds';

export type DownloadInput = { type: KindType; branchCode: string };

/**
 * GET /download/masterDataType?branchCode&type — the kind's rows as .xlsx (also the import
 * template); null when the branch has none (204, DATA_NOT_FOUND).
 */
export function downloadMasterData({ type, branchCode }: DownloadInput): Promise<DownloadedFile | null> {
  return apiDownload('/download/masterDataType', `${type}_${branchCode}.xlsx`, { query: { branchCode, type } });
}

export function useDownloadMasterData() {
  return useMutation({ mutationFn: downloadMasterData });
}
