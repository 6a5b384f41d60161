import { PASSWORD_NOTICE_DAYS, passwordDaysLeft, passwordNoticeDue } from '@/features/account/password-expiry';

// The tests run in the machine's zone; these instants are mid-day in every zone within ±11 h.
const now = Date.parse('2026-11-22T12:00:00Z');
const day = 24 * 3600 * 1000;

describe('password age (SPEC.md §9)', () => {
  it('counts calendar days left to passwordExpiresAt', () => {
    expect(passwordDaysLeft(new Date(now + 90 * day).toISOString(), now)).toBe(90); // changed today
    expect(passwordDaysLeft(new Date(now + 5 * day + 3600_000).toISOString(), now)).toBe(5);
    expect(passwordDaysLeft(new Date(now + 5 * day - 3600_000).toISOString(), now)).toBe(5);
    expect(passwordDaysLeft(new Date(now + 3600_000).toISOString(), now)).toBe(0); // later today
    expect(passwordDaysLeft(new Date(now - 3600_000).toISOString(), now)).toBe(-1); // already past
    expect(passwordDaysLeft(new Date(now - 3 * day).toISOString(), now)).toBe(-3);
    expect(passwordDaysLeft(null, now)).toBeNull();
    expect(passwordDaysLeft('not a date', now)).toBeNull();
  });

  it('is due within two weeks and after', () => {
    expect(passwordNoticeDue(PASSWORD_NOTICE_DAYS + 1)).toBe(false);
    expect(passwordNoticeDue(PASSWORD_NOTICE_DAYS)).toBe(true);
    expect(passwordNoticeDue(0)).toBe(true);
    expect(passwordNoticeDue(-3)).toBe(true);
    expect(passwordNoticeDue(null)).toBe(false);
  });
});
