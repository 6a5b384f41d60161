import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { choosePair } from '@/features/auth/sign-in-flow';
import { storeUserInfo, type Pair } from '@/lib/session';

/**
 * Works as another branch and role: new tokens, fresh userInfo, then every cached query is
 * dropped so the screens reload their data for the new pair, starting from its first screen.
 */
export function useChoosePair() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (pair: Pair) => choosePair(pair),
    onSuccess: (user) => {
      navigate('/auth', { replace: true });
      storeUserInfo(user);
      queryClient.removeQueries();
    },
  });
}
