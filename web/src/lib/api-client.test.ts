// @vitest-environment jsdom
import { ApiError, apiGet, apiPost, apiPostForm, apiPostMsg, isApiError } from '@/lib/api-client';
import { subscribeGlobal, type GlobalEvent } from '@/lib/global-events';
import { loading } from '@/lib/loading';
import { SESSION_KEYS, readSession } from '@/lib/session';
import { envelope, session, storeSession } from '@/testing/fixtures';

let events: GlobalEvent[];
let off: () => void;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  events = [];
  off = subscribeGlobal((e) => events.push(e));
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/auth/account');
});
afterEach(() => {
  off();
  vi.unstubAllGlobals();
  loading.reset();
});

function lastRequest(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls.at(-1)! as [string | URL, RequestInit];
  const headers: Record<string, string> = {};
  new Headers(init.headers as HeadersInit).forEach((v, k) => (headers[k] = v));
  return { url: String(url), init, headers };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(isApiError(e)).toBe(true);
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

function expectSessionCleared() {
  for (const k of SESSION_KEYS) expect(localStorage.getItem(k), k).toBeNull();
}

describe('api client: requests', () => {
  it('sends Authorization: Bearer and Accept-Language through aws-amplify, same origin under /api', async () => {
    storeSession(session({ token: 'abc' }));
    localStorage.setItem('language', 'en');
    fetchMock.mockResolvedValue(envelope(200, [{ code: 'SRP01' }]));
    await expect(apiGet('/parameter/roles', { query: { branchCode: 'SRP01', skip: undefined } })).resolves.toEqual([{ code: 'SRP01' }]);
    const { url, headers, init } = lastRequest();
    expect(url).toBe(`${window.location.origin}/api/parameter/roles?branchCode=SRP01`);
    expect(init.method).toBe('GET');
    expect(headers.authorization).toBe('Bearer abc');
    expect(headers['accept-language']).toBe('en');
  });

  it('defaults Accept-Language to Thai, the interface default', async () => {
    fetchMock.mockResolvedValue(envelope(200, null));
    await apiGet('/parameter/branches');
    expect(lastRequest().headers['accept-language']).toBe('th');
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('sends no bearer token on the public endpoint (refresh)', async () => {
    storeSession(session({ token: 'abc' }));
    fetchMock.mockResolvedValue(envelope(200, { access_token: 'n' }));
    await apiGet('/auth/refresh-token', { query: { refreshToken: 'rt_1' }, public: true });
    expect(lastRequest().headers.authorization).toBeUndefined();
    expect(lastRequest().url).toContain('refreshToken=rt_1');
  });

  it('posts JSON bodies', async () => {
    fetchMock.mockResolvedValue(envelope(200, { ok: 1 }));
    await apiPost('/auth/selectRole', { branchCode: 'SRP01', roleCode: 'BCT' });
    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(headers['content-type']).toContain('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ branchCode: 'SRP01', roleCode: 'BCT' });
  });

  it('answers the envelope\'s msg for a screen that shows the server\'s word', async () => {
    fetchMock.mockResolvedValue(envelope(200, null, 'SUCCESS', 'ปลดการรอเข้าสู่ระบบของบัญชีแล้ว'));
    await expect(apiPostMsg('/auth/unlockUser', { branchCode: 'SRP01', userId: 2 })).resolves.toBe('ปลดการรอเข้าสู่ระบบของบัญชีแล้ว');
    expect(JSON.parse(lastRequest().init.body as string)).toEqual({ branchCode: 'SRP01', userId: 2 });
  });

  it('posts the sign-in as a form (a CORS-safelisted type: no preflight)', async () => {
    fetchMock.mockResolvedValue(envelope(200, { access_token: 't' }));
    await apiPostForm('/auth/accessToken', { username: 'a@b.co', password: 'p&q=1' }, { public: true });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/auth/accessToken');
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(init.body as string).get('password')).toBe('p&q=1');
  });

  it('shows the loading overlay during a call', async () => {
    let resolve!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    const p = apiGet('/parameter/branches');
    expect(loading.isVisible()).toBe(true);
    resolve(envelope(200, []));
    await p;
  });
});

describe('api client: error mapping', () => {
  it('401: clears the whole session and raises the unauthorized modal', async () => {
    storeSession(session());
    localStorage.setItem('language', 'en');
    fetchMock.mockResolvedValue(envelope(401, null, 'UNAUTHORIZED', 'token expired'));
    const e = await failure(apiGet('/auth/userInfo'));
    expect(e.status).toBe(401);
    expect(e.handled).toBe(true);
    expect(events).toEqual([{ kind: 'unauthorized', msg: 'token expired' }]);
    expectSessionCleared();
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('401 on /login: no modal, the form shows it', async () => {
    window.history.replaceState(null, '', '/login');
    fetchMock.mockResolvedValue(envelope(401, null, 'UNAUTHORIZED', 'wrong'));
    const e = await failure(apiPostForm('/auth/accessToken', { username: 'a@b.co', password: 'x' }, { public: true }));
    expect(e.status).toBe(401);
    expect(e.handled).toBe(false);
    expect(events).toEqual([]);
  });

  it('400: clears the whole session and raises the Bad Request modal with the server msg', async () => {
    storeSession(session());
    fetchMock.mockResolvedValue(envelope(400, null, 'BAD_REQUEST', 'unparsable JSON'));
    const e = await failure(apiPost('/auth/selectRole', { branchCode: 1 }));
    expect(e.status).toBe(400);
    expect(events).toEqual([{ kind: 'bad-request', msg: 'unparsable JSON' }]);
    expectSessionCleared();
    expect(readSession().userInfo).toBeNull();
  });

  it('≥500: raises the Something-went-wrong modal with status and msg, turns loading off, keeps the session', async () => {
    storeSession(session());
    fetchMock.mockResolvedValue(envelope(503, null, 'INTERNAL', 'database down'));
    const e = await failure(apiGet('/parameter/branches'));
    expect(e.status).toBe(503);
    expect(events).toEqual([{ kind: 'server-error', status: 503, msg: 'database down' }]);
    expect(loading.isVisible()).toBe(false);
    expect(readSession().token).toBe('tok');
  });

  it('≥500 with a body that is not JSON still raises the modal', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    const e = await failure(apiGet('/parameter/branches'));
    expect(e.status).toBe(502);
    expect(events).toEqual([{ kind: 'server-error', status: 502, msg: undefined }]);
  });

  it('network failure: raises the network notice, no retry', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const e = await failure(apiGet('/parameter/branches'));
    expect(e.status).toBe(0);
    expect(events).toEqual([{ kind: 'network' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('network failure on the form post too', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const e = await failure(apiPostForm('/auth/accessToken', { username: 'a', password: 'b' }));
    expect(e.status).toBe(0);
    expect(events).toEqual([{ kind: 'network' }]);
  });

  it('422: returns the field errors to the form, no modal', async () => {
    fetchMock.mockResolvedValue(envelope(422, { fields: { username: 'กรุณากรอกอีเมล' } }, 'VALIDATION', 'ข้อมูลไม่ถูกต้อง'));
    const e = await failure(apiPost('/x', {}));
    expect(e.status).toBe(422);
    expect(e.fields).toEqual({ username: 'กรุณากรอกอีเมล' });
    expect(e.handled).toBe(false);
    expect(events).toEqual([]);
  });

  it('409: a duplicate carries its field errors too (every status does), no modal', async () => {
    fetchMock.mockResolvedValue(envelope(409, { fields: { code: 'รหัสนี้มีอยู่แล้ว' } }, 'DUPLICATE_CODE', 'รหัสซ้ำ'));
    const e = await failure(apiPost('/x', {}));
    expect([e.status, e.code, e.handled]).toEqual([409, 'DUPLICATE_CODE', false]);
    expect(e.fields).toEqual({ code: 'รหัสนี้มีอยู่แล้ว' });
    expect(events).toEqual([]);
  });

  it('409 and 403: rejects with the envelope for the screen to toast, session untouched, no retry', async () => {
    storeSession(session());
    fetchMock.mockResolvedValue(envelope(409, null, 'CONFLICT', 'duplicate e-mail'));
    const e = await failure(apiPost('/x', {}));
    expect([e.status, e.code, e.message, e.handled]).toEqual([409, 'CONFLICT', 'duplicate e-mail', false]);
    fetchMock.mockResolvedValue(envelope(403, null, 'FORBIDDEN', 'not your branch'));
    const f = await failure(apiGet('/y'));
    expect([f.status, f.code]).toEqual([403, 'FORBIDDEN']);
    expect(events).toEqual([]);
    expect(readSession().token).toBe('tok');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('quiet calls (the token refresh) raise nothing and clear nothing', async () => {
    storeSession(session());
    fetchMock.mockResolvedValue(envelope(401, null, 'UNAUTHORIZED', 'spent'));
    const e = await failure(apiGet('/auth/refresh-token', { quiet: true, public: true, silent: true }));
    expect(e.status).toBe(401);
    expect(events).toEqual([]);
    expect(readSession().token).toBe('tok');
  });
});

describe('api client: two factors, links and e-mail', () => {
  it("401 of a public call (a dead challenge) is the screen's: no modal, session untouched", async () => {
    storeSession(session());
    fetchMock.mockResolvedValue(envelope(401, null, 'MFA_EXPIRED', 'expired'));
    const e = await failure(apiGet('/auth/verify-otp', { query: { challenge: 'ch_1', method: 'TOTP', code: '123456' }, public: true }));
    expect([e.status, e.code, e.handled]).toEqual([401, 'MFA_EXPIRED', false]);
    expect(events).toEqual([]);
    expect(readSession().token).toBe('tok');
  });

  it('401 MFA_EXPIRED on a signed-in call (turning two factors off) does not sign the user out', async () => {
    storeSession(session());
    fetchMock.mockResolvedValue(envelope(401, null, 'MFA_EXPIRED', 'expired'));
    const e = await failure(apiPost('/auth/disableMFA', { challenge: 'ch_1', method: 'EMAIL', code: '123456' }));
    expect(e.handled).toBe(false);
    expect(events).toEqual([]);
    expect(readSession().token).toBe('tok');
  });

  it('401 on the other public auth screens is theirs too', async () => {
    for (const path of ['/redirect', '/forgot-password', '/reset-password', '/register']) {
      window.history.replaceState(null, '', path);
      fetchMock.mockResolvedValue(envelope(401, null, 'UNAUTHORIZED', 'x'));
      const e = await failure(apiGet('/auth/anything'));
      expect(e.handled, path).toBe(false);
    }
    expect(events).toEqual([]);
  });

  it('503 MAIL_FAILED and UNAVAILABLE go to the screen, any other 5xx to the modal', async () => {
    fetchMock.mockResolvedValue(envelope(503, null, 'MAIL_FAILED', 'could not send'));
    const e = await failure(apiPost('/auth/sendEmailForgotPassword', undefined, { query: { email: 'a@b.co' }, public: true }));
    expect([e.status, e.code, e.handled]).toEqual([503, 'MAIL_FAILED', false]);
    expect(events).toEqual([]);
    // the database away under a write: the screen keeps its form and says so (no reload)
    fetchMock.mockResolvedValue(envelope(503, null, 'UNAVAILABLE', 'briefly unavailable'));
    const away = await failure(apiPost('/takerOrder/submitOrderTaker', { idempotencyKey: 'k' }));
    expect([away.status, away.code, away.handled, away.message]).toEqual([503, 'UNAVAILABLE', false, 'briefly unavailable']);
    expect(events).toEqual([]);
    fetchMock.mockResolvedValue(envelope(503, null, 'INTERNAL', 'down'));
    const other = await failure(apiGet('/auth/userInfo'));
    expect(other.handled).toBe(true);
    expect(events).toEqual([{ kind: 'server-error', status: 503, msg: 'down' }]);
  });

  it("410 LINK_EXPIRED is the screen's (the expired-link message)", async () => {
    fetchMock.mockResolvedValue(envelope(410, null, 'LINK_EXPIRED', 'gone'));
    const e = await failure(apiGet('/auth/checkResetToken', { query: { token: 't' }, public: true }));
    expect([e.status, e.code, e.handled]).toEqual([410, 'LINK_EXPIRED', false]);
    expect(events).toEqual([]);
  });
});
