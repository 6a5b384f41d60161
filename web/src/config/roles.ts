// The six roles of SPEC.md §3. A route lists the roles allowed to open it.
export const ROLE_CODES = ['BCT', 'BOD', 'BSV', 'BNT', 'SAM', 'BAM'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export const ROLE = {
  controller: 'BCT',
  orderTaker: 'BOD',
  serve: 'BSV',
  nutritionist: 'BNT',
  superAdmin: 'SAM',
  branchAdmin: 'BAM',
} as const satisfies Record<string, RoleCode>;

/** Every authenticated role (the account pages). */
export const ANY_ROLE: readonly RoleCode[] = ROLE_CODES;
