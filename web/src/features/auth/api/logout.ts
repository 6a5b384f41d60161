import { apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';

/** POST /auth/logout {refreshToken} — revokes the sign-in's refresh-token family. */
export function logout(refreshTokenValue: string): Promise<null> {
  return apiPost<null>('/auth/logout', { refreshToken: refreshTokenValue }, { quiet: true });
}

export function useLogout() {
  // Signing out goes on whatever the server says: the local session is cleared anyway.
  return useScreenMutation({ mutationFn: logout });
}
