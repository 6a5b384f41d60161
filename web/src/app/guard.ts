// The route guard of SPEC.md §2: a protected route needs a stored session token, and the
// stored user's current role must be in the route's role list. Without a session (or before a
// pair is chosen) → Login. A signed-in user whose role the route does not allow → that role's
// first screen, where the layout says why (issue 19 item 10).
import { landingPath } from '@/app/routes';
import type { Session } from '@/lib/session';

export function canOpen(session: Session, roles: readonly string[]): boolean {
  const role = session.userInfo?.current?.roleCode;
  return Boolean(session.token) && Boolean(role) && roles.includes(role as string);
}

/** Where the guard sends the user, or null when the route may open. */
export function guardRedirect(session: Session, roles: readonly string[]): string | null {
  if (canOpen(session, roles)) return null;
  const role = session.userInfo?.current?.roleCode;
  return session.token && role ? landingPath(role) : '/login';
}

/** The history state of a refused route: the path that was asked for. */
export type RefusedState = { refused: string };

export function refusedPath(state: unknown): string | null {
  const v = (state as Partial<RefusedState> | null)?.refused;
  return typeof v === 'string' ? v : null;
}
