import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { LOGS_AREA } from '@/features/logs/api/keys';
import type { Choices } from '@/features/logs/types';

/** GET /logs/choices — the actions and record types the filters offer, in the interface language. */
export function getChoices(): Promise<Choices> {
  return apiGet<Choices>('/logs/choices', { silent: true });
}

/** `lang` is in the key: the labels are the server's, in the language the request names. */
export function choicesQueryOptions(lang: string) {
  return queryOptions({
    queryKey: [LOGS_AREA, { endpoint: 'choices', lang }],
    queryFn: getChoices,
    staleTime: 10 * 60_000,
  });
}

export function useChoices(lang: string) {
  return useQuery(choicesQueryOptions(lang));
}
