import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { USERS_AREA } from '@/features/users/api/keys';

/** An account whose sign-in is delayed (or whose next failure delays it); no e-mail, no address. */
export type LockedUser = {
  id: number;
  employeeCode: string;
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string;
  lastNameEn: string;
  /** Failed sign-ins from every address; `addresses` how many addresses they came from. */
  failures: number;
  addresses: number;
  lastAttemptAt: string;
  /** null: the delay has run out, the account may try now. Only the addresses that failed wait. */
  delayedUntil: string | null;
  /** false for a Super Admin: a Branch Admin does not lift its delay. */
  liftable: boolean;
};

/** GET /auth/lockedUsers — the delayed sign-ins of the branch, the longest delay first (Branch Admin). */
export function getLockedUsers(branchCode: string): Promise<LockedUser[]> {
  return apiGet<LockedUser[]>('/auth/lockedUsers', { query: { branchCode } });
}

export function getLockedUsersQueryOptions(branchCode: string) {
  return queryOptions({
    queryKey: [USERS_AREA, { endpoint: 'lockedUsers', branchCode }],
    queryFn: () => getLockedUsers(branchCode),
    // a delay starts and ends on its own: read it afresh on each visit
    staleTime: 0,
  });
}

export function useLockedUsers(branchCode: string) {
  return useQuery({ ...getLockedUsersQueryOptions(branchCode), enabled: !!branchCode });
}
