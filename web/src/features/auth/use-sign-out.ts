import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { clearSession, readSession } from '@/lib/session';

/** Revokes the refresh token on the server (best effort), clears the session, → Login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();
  return async () => {
    const rt = readSession().refreshToken;
    if (rt) await logout.mutateAsync(rt).catch(() => undefined);
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
}
