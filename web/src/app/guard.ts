// The route guard of SPEC.md §2: a protected route needs a stored session token, and the
// stored user's current role must be in the route's role list; otherwise → Login.
import type { Session } from '@/lib/session';

export function canOpen(session: Session, roles: readonly string[]): boolean {
  const role = session.userInfo?.current?.roleCode;
  return Boolean(session.token) && Boolean(role) && roles.includes(role as string);
}

/** Where the guard sends the user, or null when the route may open. */
export function guardRedirect(session: Session, roles: readonly string[]): string | null {
  return canOpen(session, roles) ? null : '/login';
}
