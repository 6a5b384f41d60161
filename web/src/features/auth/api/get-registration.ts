import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { SCREEN_ANSWERS_ERRORS } from '@/lib/screen-errors';

/** Who an invitation link is for. */
export type Registration = {
  email: string;
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string;
  lastNameEn: string;
};

/** GET /auth/registration?token= — the account of a live invitation link, or 410 LINK_EXPIRED. */
export function getRegistration(token: string): Promise<Registration> {
  return apiGet<Registration>('/auth/registration', { query: { token }, public: true });
}

export function getRegistrationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', { endpoint: 'registration', token }],
    queryFn: () => getRegistration(token),
    // The link is used up by registering: never read it again behind the screen's back.
    staleTime: Infinity,
    gcTime: 0,
    meta: SCREEN_ANSWERS_ERRORS,
  });
}

export function useRegistration(token: string) {
  return useQuery({ ...getRegistrationQueryOptions(token), enabled: token !== '' });
}
