import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { UserInfo } from '@/lib/session';

/** GET /auth/userInfo (bearer). */
export function getUserInfo(): Promise<UserInfo> {
  return apiGet<UserInfo>('/auth/userInfo');
}

export function getUserInfoQueryOptions() {
  return queryOptions({ queryKey: ['auth', { endpoint: 'userInfo' }], queryFn: getUserInfo });
}

export function useUserInfo() {
  return useQuery(getUserInfoQueryOptions());
}
