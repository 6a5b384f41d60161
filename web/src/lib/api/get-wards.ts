import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export type WardRef = { id: number; code: string; nameTh: string; nameEn: string };

/** POST /parameter/ward — the branch's active wards, for a screen's ward filter. */
export function getWards(branchCode: string): Promise<WardRef[]> {
  return apiPost<WardRef[]>('/parameter/ward', { branchCode, wardType: [] }, { silent: true });
}

export function useWards(branchCode: string) {
  return useQuery({
    queryKey: ['parameter', { endpoint: 'ward', branchCode }],
    queryFn: () => getWards(branchCode),
    staleTime: 60_000,
    enabled: branchCode !== '',
  });
}
