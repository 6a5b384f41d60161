// Automatic token refresh (SPEC.md §4): when the token's age reaches its lifetime minus
// 60 s, and only while the role's session cap (counted from loginIssuedAt: 24 h for Order
// Taker and Serve, 8 h otherwise) still allows. Past the cap the token simply runs out and
// the session-timeout notice signs the user out.
import {
  LONG_SESSION_CAP_S,
  LONG_SESSION_ROLES,
  REFRESH_MARGIN_S,
  SESSION_CAP_S,
} from '@/config/constants';
import { publishGlobal } from '@/lib/global-events';
import {
  clearSession,
  currentRole,
  nowSeconds,
  readSession,
  storeTokens,
  subscribeSession,
  type Session,
  type TokenResponse,
} from '@/lib/session';

export function sessionCapSeconds(roleCode: string | null | undefined): number {
  return roleCode && LONG_SESSION_ROLES.includes(roleCode) ? LONG_SESSION_CAP_S : SESSION_CAP_S;
}

export type RefreshPlan =
  | { kind: 'none' }
  | { kind: 'refresh'; atS: number }
  | { kind: 'expire'; atS: number };

/** What to do next for this session, and when (seconds since the epoch). */
export function planRefresh(s: Session): RefreshPlan {
  if (!s.token || !s.refreshToken || s.tokenIat === null || s.tokenExpMs === null) {
    return { kind: 'none' };
  }
  const lifetime = s.tokenExpMs; // seconds, despite the key's name
  const refreshAt = s.tokenIat + lifetime - REFRESH_MARGIN_S;
  const expireAt = s.tokenIat + lifetime;
  const capEnd = (s.loginIssuedAt ?? s.tokenIat) + sessionCapSeconds(currentRole(s));
  if (refreshAt < capEnd) return { kind: 'refresh', atS: refreshAt };
  return { kind: 'expire', atS: expireAt };
}

/** Tabs of one browser refresh one at a time (Web Locks), each checking the stored token. */
export const REFRESH_LOCK = 'samrap-token-refresh';

export type RefreshDeps = {
  /** Calls GET /auth/refresh-token. */
  refresh: (refreshToken: string) => Promise<TokenResponse>;
  now?: () => number;
};

/**
 * Keeps the session's token fresh until stopped. Re-plans whenever the session changes
 * (sign-in, pair switch, another tab) and when the tab becomes visible again (timers sleep
 * with the laptop).
 */
export function startTokenRefresh(deps: RefreshDeps): () => void {
  const now = deps.now ?? nowSeconds;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let failedFor: string | null = null; // refresh token whose refresh failed
  let stopped = false;

  const expire = () => {
    clearSession();
    publishGlobal({ kind: 'session-timeout' });
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || inFlight) return;
    const s = readSession();
    let plan = planRefresh(s);
    if (plan.kind === 'refresh' && failedFor === s.refreshToken) {
      plan = { kind: 'expire', atS: (s.tokenIat ?? 0) + (s.tokenExpMs ?? 0) };
    }
    if (plan.kind === 'none') return;
    const delayMs = Math.max(0, (plan.atS - now()) * 1000);
    timer = setTimeout(plan.kind === 'refresh' ? () => void doRefresh() : expire, Math.min(delayMs, 2 ** 31 - 1));
  };

  const refreshOnce = async (planned: string) => {
    // Another tab may have refreshed while this one waited for the lock: the rotated token
    // is already stored, and presenting the spent one would revoke the whole sign-in.
    if (stopped || readSession().refreshToken !== planned) return;
    try {
      const t = await deps.refresh(planned);
      if (!stopped && readSession().refreshToken === planned) storeTokens(t, now());
    } catch (e) {
      // "Failing to refresh the token is logged and yields no token" (SPEC.md §8): the
      // current token is used until it runs out, then the session-timeout notice.
      console.error('token refresh failed', e);
      failedFor = planned;
    }
  };

  const doRefresh = async () => {
    const planned = readSession().refreshToken;
    if (!planned) return;
    inFlight = true;
    try {
      const locks = (globalThis.navigator as Navigator | undefined)?.locks;
      if (locks) await locks.request(REFRESH_LOCK, () => refreshOnce(planned));
      else await refreshOnce(planned);
    } finally {
      inFlight = false;
      schedule();
    }
  };

  const onVisible = () => {
    if (document.visibilityState === 'visible') schedule();
  };
  const unsubscribe = subscribeSession(schedule);
  document.addEventListener('visibilitychange', onVisible);
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
  };
}
