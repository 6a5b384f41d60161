import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { ORDERS_AREA, TAKER } from '@/features/orders/api/keys';
import type { MealType, Ref } from '@/features/orders/types';

/** The choice calls of /takerOrder (each answers active rows in code order). */
export type ChoiceEndpoint =
  | 'getDietType' | 'getTherapeutic' | 'getAllergens' | 'getAllergensCaregiver' | 'getReligion' | 'getCuisine'
  | 'getVegetarian' | 'getMealType' | 'getRemarks' | 'getOthers' | 'getMealComponents' | 'getRestricted' | 'getRestrictedCaregiver';

/** A choice row; `patient` marks the patient's own therapeutic food, `source` where a restricted ingredient comes from. */
export type ChoiceRow = Ref & { patient?: boolean; source?: 'PATIENT' | 'RELIGION' | 'VEGETARIAN' };

type Query = Record<string, string | number | undefined>;

/** GET /takerOrder/<endpoint>?branchCode&… — a list of choices. getAllergens may answer `{items, unmappedAllergies}`. */
export async function getChoices(endpoint: ChoiceEndpoint, branchCode: string, query: Query = {}): Promise<ChoiceRow[]> {
  const data = await apiGet<ChoiceRow[] | { items?: ChoiceRow[] | null; allergens?: ChoiceRow[] | null } | null>(`${TAKER}/${endpoint}`, {
    query: { branchCode, ...query },
    silent: true,
  });
  if (Array.isArray(data)) return data;
  return data?.items ?? data?.allergens ?? [];
}

export function useChoices(endpoint: ChoiceEndpoint, branchCode: string, query: Query = {}, enabled = true) {
  return useQuery({
    queryKey: [ORDERS_AREA, { endpoint, branchCode, ...query }],
    queryFn: () => getChoices(endpoint, branchCode, query),
    enabled: enabled && branchCode !== '',
    staleTime: 60_000,
  });
}

export function useMealTypes(branchCode: string) {
  return useChoices('getMealType', branchCode) as ReturnType<typeof useQuery<MealType[]>>;
}

/** POST /parameter/ward — the branch's active wards (the list filter, copy yesterday). */
export function getWards(branchCode: string): Promise<(Ref & { value: number; text: string })[]> {
  return apiPost('/parameter/ward', { branchCode, wardType: [] }, { silent: true });
}

export function useWards(branchCode: string) {
  return useQuery({
    queryKey: [ORDERS_AREA, { endpoint: 'ward', branchCode }],
    queryFn: () => getWards(branchCode),
    staleTime: 60_000,
    enabled: branchCode !== '',
  });
}
