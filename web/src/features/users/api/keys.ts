// The area's query key: every query of this feature starts with it, so a mutation
// invalidates the lists (accounts and branch access) through it.
export const USERS_AREA = 'users' as const;
export const usersKey = [USERS_AREA] as const;
