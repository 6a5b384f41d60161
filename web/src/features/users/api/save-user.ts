import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { usersKey } from '@/features/users/api/keys';
import type { Account, AccountInput } from '@/features/users/types';
import { useScreenMutation } from '@/lib/screen-errors';

/** POST /auth/createUser — a new account, not invited yet. */
export function createUser(input: AccountInput): Promise<Account> {
  return apiPost<Account>('/auth/createUser', input);
}

/** POST /auth/updateUser — changes an account (status only active ↔ inactive once registered). */
export function updateUser(input: AccountInput): Promise<Account> {
  return apiPost<Account>('/auth/updateUser', input);
}

/** Create when the input has no id, update otherwise; the lists reload. */
export function useSaveUser() {
  const qc = useQueryClient();
  return useScreenMutation({
    mutationFn: (input: AccountInput) => (input.id ? updateUser(input) : createUser(input)),
    // The form shows 422 and 409 beside the fields.
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}
