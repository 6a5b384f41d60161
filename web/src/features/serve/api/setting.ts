import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import { SERVE_AREA } from '@/features/serve/api/keys';

export type WristbandSetting = { branchCode: string; symbologies: string[]; pattern: string; version: number; updatedBy: string; updatedAt: string | null };

/** GET /serve/getSetting — the branch's wristband setting (the defaults when it has none). */
export function getSetting(): Promise<WristbandSetting> {
  return apiGet<WristbandSetting>('/serve/getSetting', { silent: true });
}

export function useSetting(branch: string) {
  return useQuery({ queryKey: [SERVE_AREA, { endpoint: 'getSetting', branch }], queryFn: getSetting, enabled: branch !== '' });
}

/** POST /serve/updateSetting — saves which barcodes the wristbands use and what they hold. */
export function updateSetting(input: { branchCode: string; symbologies: string[]; pattern: string }): Promise<WristbandSetting> {
  return apiPost<WristbandSetting>('/serve/updateSetting', input);
}

export function useUpdateSetting() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: updateSetting, onSuccess: () => qc.invalidateQueries({ queryKey: [SERVE_AREA] }) });
}
