import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createQueryClient } from '@/app/query-client';
import LoginPage from '@/features/auth/components/login-page';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { readSession } from '@/lib/session';
import { envelope, perm, user } from '@/testing/fixtures';

let fetchMock: ReturnType<typeof vi.fn>;

// aws-amplify loads with the first call; load it once up front so no test waits on it.
beforeAll(() => configureApiClient(), 30_000);

function renderLogin(initial: string | { pathname: string; state: unknown } = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/auth', element: <p>inside</p> },
      { path: '/select-role', element: <p>choose a pair</p> },
      { path: '/inactive-account', element: <p>inactive notice</p> },
      { path: '/redirect', element: <p>choose verification method</p> },
    ],
    { initialEntries: [initial] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const tokens = { access_token: 'tok', refresh_token: 'rt_1', expires_in: 900, token_type: 'Bearer' };

beforeEach(async () => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/login');
  await changeLanguage('th');
});
afterEach(() => vi.unstubAllGlobals());

async function signIn(email: string, password: string) {
  const u = userEvent.setup();
  if (email) await u.type(screen.getByLabelText('อีเมล'), email);
  if (password) await u.type(screen.getByLabelText('รหัสผ่าน'), password);
  await u.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
}

describe('Login', () => {
  it('catches empty fields with the spec messages before any call', async () => {
    renderLogin();
    await signIn('', '');
    expect(await screen.findByText('กรุณากรอกอีเมล')).toBeTruthy();
    expect(screen.getByText('กรุณากรอกรหัสผ่าน')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('catches a malformed e-mail before any call', async () => {
    renderLogin();
    await signIn('controller@', 'Samrap#2026');
    expect(await screen.findByText('รูปแบบอีเมลไม่ถูกต้อง')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the messages in English when English is chosen', async () => {
    await changeLanguage('en');
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your e-mail')).toBeTruthy();
  });

  it('says "e-mail or password is incorrect" on 401 and stores nothing', async () => {
    fetchMock.mockResolvedValue(envelope(401, null, 'UNAUTHORIZED', 'x'));
    renderLogin();
    await signIn('controller@samrap.local', 'wrong-password');
    expect(await screen.findByText('อีเมลหรือรหัสผ่านไม่ถูกต้อง')).toBeTruthy();
    expect(readSession().token).toBeNull();
  });

  it('shows the wait on 429', async () => {
    fetchMock.mockResolvedValue(envelope(429, { retryAfter: 42 }, 'TOO_MANY_REQUESTS', 'x'));
    renderLogin();
    await signIn('controller@samrap.local', 'wrong-password');
    expect(await screen.findByText(/42 วินาที/)).toBeTruthy();
  });

  it('sends an inactive account (403 INACTIVE_ACCOUNT) to the InactiveAccount notice', async () => {
    fetchMock.mockResolvedValue(envelope(403, null, 'INACTIVE_ACCOUNT', 'x'));
    const router = renderLogin();
    await signIn('inactive@samrap.local', 'Samrap#2026');
    await screen.findByText('inactive notice');
    expect(router.state.location.pathname).toBe('/inactive-account');
  });

  it('takes a user holding one pair straight in, with the session stored under the spec keys', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, tokens)).mockResolvedValueOnce(envelope(200, user()));
    const router = renderLogin();
    await signIn('controller@samrap.local', 'Samrap#2026');
    await screen.findByText('inside');
    expect(router.state.location.pathname).toBe('/auth');
    const body = new URLSearchParams(fetchMock.mock.calls[0][1].body as string);
    expect([body.get('username'), body.get('password')]).toEqual(['controller@samrap.local', 'Samrap#2026']);
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('refreshToken')).toBe('rt_1');
    expect(localStorage.getItem('tokenExpMs')).toBe('900');
    expect(Number(localStorage.getItem('tokenIat'))).toBeCloseTo(Date.now() / 1000, -1);
    expect(localStorage.getItem('loginIssuedAt')).toBe(String(user().loginIssuedAt));
    expect(JSON.parse(localStorage.getItem('userInfo')!).permission[0].roleCode).toBe('BCT');
  });

  it('sends a user holding several pairs to SelectRole', async () => {
    const multi = user({ current: null, permission: [perm('SRP01', 'BCT'), perm('SRP02', 'BOD')] });
    fetchMock.mockResolvedValueOnce(envelope(200, tokens)).mockResolvedValueOnce(envelope(200, multi));
    const router = renderLogin();
    await signIn('multi@samrap.local', 'Samrap#2026');
    await screen.findByText('choose a pair');
    expect(router.state.location.pathname).toBe('/select-role');
  });

  it('sends a user with no roles to InactiveAccount and keeps no tokens', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, tokens)).mockResolvedValueOnce(envelope(200, user({ current: null, permission: [] })));
    const router = renderLogin();
    await signIn('norole@samrap.local', 'Samrap#2026');
    await screen.findByText('inactive notice');
    expect(router.state.location.pathname).toBe('/inactive-account');
    expect(readSession().token).toBeNull();
  });
});

describe('Login language', () => {
  it('adopts the account language when this device has none stored, and keeps a chosen one', async () => {
    localStorage.removeItem('language');
    fetchMock.mockResolvedValueOnce(envelope(200, tokens)).mockResolvedValueOnce(envelope(200, user({ language: 'en' })));
    renderLogin();
    await signIn('controller@samrap.local', 'Samrap#2026');
    await screen.findByText('inside');
    expect(localStorage.getItem('language')).toBe('en');
  });
});

describe('Login with two factors', () => {
  it('keeps no tokens from the password step and hands the challenge to the choose-method screen', async () => {
    const challenge = { mfaRequired: true, challenge: 'ch_1', methods: ['TOTP', 'EMAIL'], email: 'c***r@samrap.local', expiresIn: 600 };
    fetchMock.mockResolvedValueOnce(envelope(200, challenge));
    const router = renderLogin();
    await signIn('controller@samrap.local', 'Samrap#2026');
    await screen.findByText('choose verification method');
    expect(router.state.location.pathname).toBe('/redirect');
    const state = router.state.location.state as typeof challenge & { expiresAt: number };
    expect(state).toMatchObject({ challenge: 'ch_1', methods: ['TOTP', 'EMAIL'], email: 'c***r@samrap.local' });
    expect(state.expiresAt).toBeGreaterThan(Date.now() + 590_000);
    expect(fetchMock).toHaveBeenCalledTimes(1); // no userInfo: there is no session yet
    expect(readSession().token).toBeNull();
  });

  it('shows why it was sent back (a dead challenge)', async () => {
    renderLogin({ pathname: '/login', state: { notice: 'mfaExpired' } });
    expect((await screen.findByTestId('login-failure')).textContent).toBe('ขั้นตอนยืนยันตัวตนหมดอายุ กรุณาเข้าสู่ระบบใหม่');
  });

  it('links to forgot password', async () => {
    renderLogin();
    expect((await screen.findByRole('link', { name: 'ลืมรหัสผ่าน?' })).getAttribute('href')).toBe('/forgot-password');
  });
});
