import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { Pair, TokenResponse } from '@/lib/session';

/** POST /auth/selectRole {branchCode, roleCode} — new tokens carrying the pair. */
export function selectRole(pair: Pair): Promise<TokenResponse> {
  return apiPost<TokenResponse>('/auth/selectRole', { branchCode: pair.branchCode, roleCode: pair.roleCode });
}

export function useSelectRole() {
  return useMutation({ mutationFn: selectRole });
}
