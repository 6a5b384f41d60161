import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { SCREEN_ANSWERS_ERRORS } from '@/lib/screen-errors';

/** GET /auth/checkResetToken?token= — 200 while the reset link can be used, else 410. */
export function checkResetToken(token: string): Promise<null> {
  return apiGet<null>('/auth/checkResetToken', { query: { token }, public: true });
}

export function checkResetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', { endpoint: 'checkResetToken', token }],
    queryFn: () => checkResetToken(token),
    staleTime: Infinity,
    gcTime: 0,
    meta: SCREEN_ANSWERS_ERRORS,
  });
}

export function useCheckResetToken(token: string) {
  return useQuery({ ...checkResetTokenQueryOptions(token), enabled: token !== '' });
}
