// What a Branch Admin may change on the Access rights screen (docs/api.md, "Branch access").
import { ROLE } from '@/config/roles';
import type { Access } from '@/features/users/types';

/** Roles a Branch Admin neither gives nor takes: the Super Admin's, on the account form (the API answers 403). */
export const NOT_ASSIGNABLE: readonly string[] = [ROLE.superAdmin, ROLE.branchAdmin];

/** The roles of a row the Branch Admin may take away: none of its own, none of NOT_ASSIGNABLE. */
export function removableRoles(a: Pick<Access, 'id' | 'roles'>, myId: number | undefined): string[] {
  return a.id === myId ? [] : a.roles.filter((r) => !NOT_ASSIGNABLE.includes(r));
}
