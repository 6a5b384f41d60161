import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

/** POST /auth/logout {refreshToken} — revokes the sign-in's refresh-token family. */
export function logout(refreshTokenValue: string): Promise<null> {
  return apiPost<null>('/auth/logout', { refreshToken: refreshTokenValue }, { quiet: true });
}

export function useLogout() {
  // Signing out goes on whatever the server says: the local session is cleared anyway.
  return useMutation({ mutationFn: logout, meta: { silentError: true } });
}
