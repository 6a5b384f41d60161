import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, type Page } from '@/lib/api-client';
import { PATIENTS_AREA } from '@/features/patients/api/keys';
import type { Choice, Ref } from '@/features/patients/types';

/** The master-data kinds a patient names (the searchX path names). */
export type ChoiceKind = 'Religion' | 'Vegetarian' | 'DietType' | 'Therapeutic' | 'Allergies' | 'Restricted';

/** GET /parameter/searchX?status=ACTIVE — the active rows of a kind, as the edit form's choices. */
export async function getChoices(kind: ChoiceKind, branch: string): Promise<Ref[]> {
  const page = await apiGet<Page<Ref>>(`/parameter/search${kind}`, {
    query: { branch, page: 1, size: 1000, sortBy: 'code', status: 'ACTIVE' },
    silent: true,
  });
  return page.items.map(({ id, code, nameTh, nameEn }) => ({ id, code, nameTh, nameEn }));
}

export function getChoicesQueryOptions(kind: ChoiceKind, branch: string) {
  return queryOptions({
    queryKey: [PATIENTS_AREA, { endpoint: 'choices', kind, branch }],
    queryFn: () => getChoices(kind, branch),
    staleTime: 60_000,
  });
}

export function useChoices(kind: ChoiceKind, branch: string, enabled = true) {
  return useQuery({ ...getChoicesQueryOptions(kind, branch), enabled: enabled && branch !== '' });
}

/** POST /parameter/ward — the branch's active wards (the list filter and the form). */
export function getWards(branchCode: string): Promise<Choice[]> {
  return apiPost<Choice[]>('/parameter/ward', { branchCode, wardType: [] }, { silent: true });
}

export function useWards(branchCode: string) {
  return useQuery({
    queryKey: [PATIENTS_AREA, { endpoint: 'ward', branchCode }],
    queryFn: () => getWards(branchCode),
    staleTime: 60_000,
    enabled: branchCode !== '',
  });
}

/** POST /parameter/newRoom — the ward's active beds no patient takes (where a patient may move). */
export function getNewRooms(branchCode: string, ward: number): Promise<Choice[]> {
  return apiPost<Choice[]>('/parameter/newRoom', { branchCode, ward }, { silent: true });
}

export function useNewRooms(branchCode: string, ward: number | null | undefined) {
  return useQuery({
    queryKey: [PATIENTS_AREA, { endpoint: 'newRoom', branchCode, ward }],
    queryFn: () => getNewRooms(branchCode, ward ?? 0),
    staleTime: 0,
    enabled: branchCode !== '' && !!ward,
  });
}
