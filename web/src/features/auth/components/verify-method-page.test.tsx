import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createQueryClient } from '@/app/query-client';
import { AntdProvider } from '@/components/antd-provider';
import VerifyMethodPage from '@/features/auth/components/verify-method-page';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { readSession } from '@/lib/session';
import { envelope, user } from '@/testing/fixtures';

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(() => configureApiClient(), 30_000);
beforeEach(async () => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/redirect');
  await changeLanguage('th');
});
afterEach(() => vi.unstubAllGlobals());

const challenge = (methods = ['TOTP', 'EMAIL'], expiresAt = Date.now() + 600_000) => ({
  mfaRequired: true,
  challenge: 'ch_1',
  methods,
  email: 'c***r@samrap.local',
  expiresIn: 600,
  expiresAt,
});

function renderPage(state: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/redirect', element: <VerifyMethodPage /> },
      { path: '/login', element: <p>login</p> },
      { path: '/auth', element: <p>inside</p> },
      { path: '/inactive-account', element: <p>inactive notice</p> },
    ],
    { initialEntries: [{ pathname: '/redirect', state }] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AntdProvider>
        <RouterProvider router={router} />
      </AntdProvider>
    </QueryClientProvider>,
  );
  return router;
}

const url = (i: number) => new URL(String(fetchMock.mock.calls[i][0]));

describe('choose verification method (/redirect)', () => {
  it('offers the methods of the challenge, the authenticator first, and checks the code before any call', async () => {
    renderPage(challenge());
    expect(await screen.findByText('แอปยืนยันตัวตน')).toBeTruthy();
    expect(screen.getByText('รหัสทางอีเมล')).toBeTruthy();
    expect(screen.getByText('ระบบจะส่งรหัส 6 หลักไปที่ c***r@samrap.local')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByTestId('verify-code'));
    expect(await screen.findByText('กรุณากรอกรหัส')).toBeTruthy();
    await u.type(screen.getByTestId('code-input'), '12ab3');
    expect((screen.getByTestId('code-input') as HTMLInputElement).value).toBe('123');
    await u.click(screen.getByTestId('verify-code'));
    expect(await screen.findByText('รหัสต้องเป็นตัวเลข 6 หลัก')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers only the e-mail when no authenticator is set up', async () => {
    renderPage(challenge(['EMAIL']));
    expect(await screen.findByText('รหัสทางอีเมล')).toBeTruthy();
    expect(screen.queryByText('แอปยืนยันตัวตน')).toBeNull();
    expect(screen.getByTestId('send-code')).toBeTruthy();
    expect(screen.queryByTestId('code-input')).toBeNull(); // the code field comes once a code is sent
  });

  it('says a wrong code is invalid or expired (422) and stays', async () => {
    fetchMock.mockResolvedValueOnce(envelope(422, null, 'CODE_INVALID', 'x'));
    renderPage(challenge());
    const u = userEvent.setup();
    await u.type(await screen.findByTestId('code-input'), '000000');
    await u.click(screen.getByTestId('verify-code'));
    expect(await screen.findByText('รหัสไม่ถูกต้องหรือหมดอายุ')).toBeTruthy();
    expect(url(0).pathname).toBe('/api/auth/verify-otp');
    expect(Object.fromEntries(url(0).searchParams)).toEqual({ challenge: 'ch_1', method: 'TOTP', code: '000000' });
  });

  it('goes back to Login with the expired message on 401 MFA_EXPIRED, no modal', async () => {
    fetchMock.mockResolvedValueOnce(envelope(401, null, 'MFA_EXPIRED', 'x'));
    const router = renderPage(challenge());
    const u = userEvent.setup();
    await u.type(await screen.findByTestId('code-input'), '123456');
    await u.click(screen.getByTestId('verify-code'));
    await screen.findByText('login');
    expect(router.state.location.state).toEqual({ notice: 'mfaExpired' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a right code signs in exactly as a password-only sign-in', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(200, { access_token: 'tok', refresh_token: 'rt_1', expires_in: 900 }))
      .mockResolvedValueOnce(envelope(200, user()));
    const router = renderPage(challenge());
    const u = userEvent.setup();
    await u.type(await screen.findByTestId('code-input'), '123456');
    await u.click(screen.getByTestId('verify-code'));
    await screen.findByText('inside');
    expect(router.state.location.pathname).toBe('/auth');
    expect(readSession().token).toBe('tok');
    expect(url(1).pathname).toBe('/api/auth/userInfo');
  });

  it('sends the e-mail code with the challenge and shows the wait of a 429', async () => {
    fetchMock.mockResolvedValueOnce(envelope(429, { retryAfter: 42 }, 'TOO_MANY_REQUESTS', 'x'));
    renderPage(challenge(['EMAIL']));
    await userEvent.setup().click(await screen.findByTestId('send-code'));
    expect(await screen.findByText(/ขอรหัสบ่อยเกินไป กรุณาลองใหม่ในอีก (42|41) วินาที/)).toBeTruthy();
    expect(url(0).pathname).toBe('/api/auth/sendMail-otp');
    expect(url(0).searchParams.get('challenge')).toBe('ch_1');
  });

  it('without a challenge, or with one past its time, is Login', async () => {
    const router = renderPage(null);
    await screen.findByText('login');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a challenge already past its ten minutes goes back with the expired message', async () => {
    const router = renderPage(challenge(['TOTP', 'EMAIL'], Date.now() - 1000));
    await screen.findByText('login');
    expect(router.state.location.state).toEqual({ notice: 'mfaExpired' });
  });
});
