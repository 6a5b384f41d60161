// @vitest-environment jsdom
import { subscribeGlobal, type GlobalEvent } from '@/lib/global-events';
import { readSession } from '@/lib/session';
import { planRefresh, sessionCapSeconds, startTokenRefresh } from '@/lib/token-refresh';
import { session, storeSession, user } from '@/testing/fixtures';

const T0 = 1_795_000_000; // sign-in, seconds

describe('planRefresh', () => {
  it('refreshes when the token age reaches its lifetime minus 60 s', () => {
    expect(planRefresh(session({ tokenIat: T0, tokenExpMs: 900 }))).toEqual({ kind: 'refresh', atS: T0 + 840 });
  });

  it('reads tokenExpMs as seconds (its name notwithstanding)', () => {
    expect(planRefresh(session({ tokenIat: T0, tokenExpMs: 3600 }))).toEqual({ kind: 'refresh', atS: T0 + 3540 });
  });

  it('caps most roles at 8 h and Order Taker and Serve at 24 h from loginIssuedAt', () => {
    expect(sessionCapSeconds('BCT')).toBe(8 * 3600);
    expect(sessionCapSeconds('BNT')).toBe(8 * 3600);
    expect(sessionCapSeconds(null)).toBe(8 * 3600);
    expect(sessionCapSeconds('BOD')).toBe(24 * 3600);
    expect(sessionCapSeconds('BSV')).toBe(24 * 3600);
  });

  it('stops refreshing a Controller past 8 h: the token runs out instead', () => {
    const iat = T0 + 8 * 3600 - 100; // refresh point T0 + 8h - 100 + 840 is past the cap
    expect(planRefresh(session({ tokenIat: iat, loginIssuedAt: T0 }))).toEqual({ kind: 'expire', atS: iat + 900 });
  });

  it('keeps refreshing an Order Taker at the same moment (24 h cap)', () => {
    const iat = T0 + 8 * 3600 - 100;
    const s = session({ tokenIat: iat, loginIssuedAt: T0, userInfo: user({ current: { branchCode: 'SRP01', roleCode: 'BOD' } }) });
    expect(planRefresh(s)).toEqual({ kind: 'refresh', atS: iat + 840 });
  });

  it('refreshes right up to the cap and not beyond it', () => {
    const justBefore = T0 + 8 * 3600 - 840 - 1;
    expect(planRefresh(session({ tokenIat: justBefore, loginIssuedAt: T0 })).kind).toBe('refresh');
    const atCap = T0 + 8 * 3600 - 840;
    expect(planRefresh(session({ tokenIat: atCap, loginIssuedAt: T0 })).kind).toBe('expire');
  });

  it('plans nothing without a token', () => {
    expect(planRefresh(session({ token: null }))).toEqual({ kind: 'none' });
    expect(planRefresh(session({ tokenIat: null }))).toEqual({ kind: 'none' });
  });
});

describe('startTokenRefresh', () => {
  let events: GlobalEvent[];
  let off: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0 * 1000);
    events = [];
    off = subscribeGlobal((e) => events.push(e));
  });
  afterEach(() => {
    off();
    vi.useRealTimers();
  });

  it('calls refresh at lifetime − 60 s and stores the rotated tokens', async () => {
    storeSession(session({ tokenIat: T0, loginIssuedAt: T0 }));
    const refresh = vi.fn().mockResolvedValue({ access_token: 'tok2', refresh_token: 'rt_2', expires_in: 600 });
    const stop = startTokenRefresh({ refresh });
    await vi.advanceTimersByTimeAsync(839_000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).toHaveBeenCalledWith('rt_1');
    const s = readSession();
    expect(s.token).toBe('tok2');
    expect(s.refreshToken).toBe('rt_2');
    expect(s.tokenIat).toBe(T0 + 840);
    expect(s.tokenExpMs).toBe(600);
    // and the next refresh is planned from the new token
    await vi.advanceTimersByTimeAsync(539_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });

  it('refreshes at once a token already past its refresh point (page reopened)', async () => {
    storeSession(session({ tokenIat: T0 - 880, loginIssuedAt: T0 - 880 }));
    const refresh = vi.fn().mockResolvedValue({ access_token: 'tok2', refresh_token: 'rt_2', expires_in: 900 });
    const stop = startTokenRefresh({ refresh });
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('past the cap, does not refresh and signs out with the session-timeout notice when the token runs out', async () => {
    // Signed in 8 h − 500 s ago: the cap ends at T0 + 500, before the refresh point T0 + 840.
    storeSession(session({ tokenIat: T0, tokenExpMs: 900, loginIssuedAt: T0 - 8 * 3600 + 500 }));
    const refresh = vi.fn();
    const stop = startTokenRefresh({ refresh });
    await vi.advanceTimersByTimeAsync(899_000);
    expect(events).toEqual([]);
    expect(readSession().token).toBe('tok');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).not.toHaveBeenCalled();
    expect(events).toEqual([{ kind: 'session-timeout' }]);
    expect(readSession().token).toBeNull();
    expect(readSession().userInfo).toBeNull();
    stop();
  });

  it('logs a failed refresh, keeps the token until it runs out, then times out', async () => {
    storeSession(session({ tokenIat: T0, loginIssuedAt: T0 }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refresh = vi.fn().mockRejectedValue(new Error('401'));
    const stop = startTokenRefresh({ refresh });
    await vi.advanceTimersByTimeAsync(840_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    expect(readSession().token).toBe('tok');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ kind: 'session-timeout' }]);
    expect(readSession().token).toBeNull();
    stop();
    error.mockRestore();
  });

  it('with several tabs, refreshes once: the others find the rotated token and skip', async () => {
    // A minimal Web Locks stand-in: one holder at a time, in request order.
    let chain = Promise.resolve();
    const request = vi.fn((_name: string, cb: () => Promise<void>) => {
      const run = chain.then(cb);
      chain = run.catch(() => {});
      return run;
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    storeSession(session({ tokenIat: T0, loginIssuedAt: T0 }));
    let n = 0;
    const refresh = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 1_000)); // the server takes a moment
      n += 1;
      return { access_token: `tok${n + 1}`, refresh_token: `rt_${n + 1}`, expires_in: 900 };
    });
    const tabA = startTokenRefresh({ refresh });
    const tabB = startTokenRefresh({ refresh }); // a second tab sharing localStorage
    await vi.advanceTimersByTimeAsync(842_000);
    expect(request).toHaveBeenCalledTimes(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('rt_1');
    expect(readSession().refreshToken).toBe('rt_2');
    tabA();
    tabB();
    vi.unstubAllGlobals();
  });
});
