import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { SURVEYS_AREA } from '@/features/surveys/api/keys';
import type { PublicSurvey } from '@/features/surveys/types';

/** GET /survey/public/{token} (no sign-in): the meal and the questions of a card's link. */
export function getPublicSurvey(token: string): Promise<PublicSurvey> {
  return apiGet<PublicSurvey>(`/survey/public/${encodeURIComponent(token)}`, { public: true, silent: true });
}

export function publicSurveyQueryOptions(token: string) {
  return queryOptions({
    queryKey: [SURVEYS_AREA, { endpoint: 'public', token }],
    queryFn: () => getPublicSurvey(token),
    // an expired or unknown link stays so; a network failure is offered again by the page
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function usePublicSurvey(token: string) {
  return useQuery(publicSurveyQueryOptions(token));
}
