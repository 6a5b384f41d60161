// Password age (SPEC.md §9): a change is advised every 90 days. The server answers when
// that is (`userInfo.passwordExpiresAt`); the notice appears this many days before.
export const PASSWORD_NOTICE_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight (UTC) of the calendar day `ms` falls on here, as a day count. */
function dayOf(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS;
}

/**
 * Calendar days until the password expires (0 = today, negative = expired), or null if
 * unknown: changed today, it says 90, as the date shown beside it does.
 */
export function passwordDaysLeft(expiresAt: string | null | undefined, now: number = Date.now()): number | null {
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return null;
  if (at <= now) return Math.min(-1, dayOf(at) - dayOf(now));
  return dayOf(at) - dayOf(now);
}

/** Whether the expiring-password notice is due. */
export function passwordNoticeDue(daysLeft: number | null): daysLeft is number {
  return daysLeft !== null && daysLeft <= PASSWORD_NOTICE_DAYS;
}
