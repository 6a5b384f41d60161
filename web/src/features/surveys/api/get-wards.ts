import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { SURVEYS_AREA } from '@/features/surveys/api/keys';

export type Ward = { id: number; code: string; nameTh: string; nameEn: string };

/** POST /parameter/ward — the branch's active wards, for the staff entry's ward filter. */
export function getWards(branchCode: string): Promise<Ward[]> {
  return apiPost<Ward[]>('/parameter/ward', { branchCode, wardType: [] }, { silent: true });
}

export function useWards(branchCode: string) {
  return useQuery({
    queryKey: [SURVEYS_AREA, { endpoint: 'ward', branchCode }],
    queryFn: () => getWards(branchCode),
    staleTime: 60_000,
    enabled: branchCode !== '',
  });
}
