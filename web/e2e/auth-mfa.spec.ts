import { expect, test } from './fixtures';
import { codeIn, mailsTo, nextMail, registeredAccount, shot, landedThenAccount, submitLogin } from './auth-helpers';
import { text } from './helpers';

test('two factors: the password alone gives no tokens; an e-mailed code completes the sign-in (Thai)', async ({ page, request }) => {
  const account = await registeredAccount(request, 'mfa-mail', { authenticator: true });
  const answers: unknown[] = [];
  page.on('response', async (r) => {
    if (r.url().endsWith('/api/auth/accessToken')) answers.push(((await r.json()) as { data: unknown }).data);
  });
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/redirect$/);
  await expect(page.getByRole('heading', { name: text('th', 'auth', 'mfa.title') })).toBeVisible();
  expect(answers[0]).toMatchObject({ mfaRequired: true, methods: ['TOTP', 'EMAIL'] });
  expect(answers[0]).not.toHaveProperty('access_token');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // choose the e-mail: the code is sent only when asked for
  await page.getByTestId('method-EMAIL').click();
  await expect(page.getByText(text('th', 'auth', 'mfa.emailHint').replace('{{email}}', ''), { exact: false })).toBeVisible();
  await shot(page, 'mfa-choose-method-th');
  const before = (await mailsTo(request, account.email)).length;
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('code-sent')).toBeVisible();
  const code = codeIn(await nextMail(request, account.email, before));
  // resending waits a minute
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await expect(page.getByTestId('send-code')).toContainText(/\d+/);

  // empty and malformed codes are caught in the form; a wrong code by the server
  const verifyCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/auth/verify-otp') && verifyCalls.push(r.url()));
  await page.getByTestId('verify-code').click();
  await expect(page.getByText(text('th', 'auth', 'code.required'))).toBeVisible();
  await page.getByTestId('code-input').fill('123');
  await page.getByTestId('verify-code').click();
  await expect(page.getByText(text('th', 'auth', 'code.format'))).toBeVisible();
  expect(verifyCalls).toEqual([]);
  await page.getByTestId('code-input').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('verify-code').click();
  await expect(page.getByText(text('th', 'auth', 'code.invalid'))).toBeVisible();
  await shot(page, 'mfa-code-invalid-th');

  await page.getByTestId('code-input').fill(code);
  await page.getByTestId('verify-code').click();
  await landedThenAccount(page);
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toMatch(/^rt_/);
  await expect(page.getByTestId('current-pair')).toContainText('SRP01');
});

test('a dead challenge goes back to Login with its message, not the unauthorized modal', async ({ page, request }) => {
  const account = await registeredAccount(request, 'mfa-dead', { authenticator: true });
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/redirect$/);
  // five wrong codes use the challenge up; the sixth meets 401 MFA_EXPIRED
  for (let i = 0; i < 5; i++) {
    await page.getByTestId('code-input').fill('000000');
    const answer = page.waitForResponse((r) => r.url().includes('/api/auth/verify-otp'));
    await page.getByTestId('verify-code').click();
    expect((await answer).status()).toBe(422);
  }
  await page.getByTestId('code-input').fill('000000');
  await page.getByTestId('verify-code').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-failure')).toHaveText(text('th', 'auth', 'login.mfaExpired'));
  await expect(page.getByText(text('th', 'errors', 'unauthorized.title'))).toHaveCount(0);

  // /redirect opened directly (no challenge) is Login
  await page.goto('/redirect');
  await expect(page).toHaveURL(/\/login$/);
});

test('an e-mail that cannot be sent shows a retry prompt, not the server-error modal', async ({ page, request }) => {
  const account = await registeredAccount(request, 'mfa-503', { authenticator: true });
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/redirect$/);
  let fail = true;
  await page.route('**/api/auth/sendMail-otp**', (route) =>
    fail
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'MAIL_FAILED', msg: 'x', data: null }) })
      : route.continue(),
  );
  await page.getByTestId('method-EMAIL').click();
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('mail-failed')).toContainText(text('th', 'auth', 'mail.failed'));
  await expect(page.getByText(text('th', 'errors', 'server.title').replace('{{code}}', '503'))).toHaveCount(0);
  fail = false;
  await page.getByTestId('mail-failed').getByRole('button').click();
  await expect(page.getByTestId('code-sent')).toBeVisible();
});
