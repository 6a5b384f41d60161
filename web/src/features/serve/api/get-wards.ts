import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { SERVE_AREA } from '@/features/serve/api/keys';
import type { Ref } from '@/features/serve/types';

/** POST /parameter/ward — the branch's active wards, for the list's ward filter. */
export function getWards(branchCode: string): Promise<Ref[]> {
  return apiPost<Ref[]>('/parameter/ward', { branchCode, wardType: [] }, { silent: true });
}

export function useWards(branchCode: string) {
  return useQuery({
    queryKey: [SERVE_AREA, { endpoint: 'ward', branchCode }],
    queryFn: () => getWards(branchCode),
    staleTime: 60_000,
    enabled: branchCode !== '',
  });
}
