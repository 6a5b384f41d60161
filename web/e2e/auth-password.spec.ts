import { expect, test } from './fixtures';
import { chooseLanguage, linkIn, mailsTo, nextMail, registeredAccount, shot, landedThenAccount, submitLogin } from './auth-helpers';
import { PASSWORD, text } from './helpers';

test('forgot and reset password through the e-mailed link; the used link says so (Thai)', async ({ page, request }) => {
  const account = await registeredAccount(request, 'reset');
  await page.goto('/login');
  await page.getByTestId('forgot-password-link').click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // checked before any call
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/auth/sendEmailForgotPassword') && calls.push(r.url()));
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByText(text('th', 'auth', 'forgot.emailRequired'))).toBeVisible();
  await page.getByLabel(text('th', 'auth', 'forgot.email')).fill('reset@');
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByText(text('th', 'auth', 'forgot.emailInvalid'))).toBeVisible();
  expect(calls).toEqual([]);

  // an unknown e-mail gets the very same answer, and nothing is sent
  await page.getByLabel(text('th', 'auth', 'forgot.email')).fill('nobody-here@samrap.local');
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-sent')).toHaveText(text('th', 'auth', 'forgot.sentTitle'));
  expect(await mailsTo(request, 'nobody-here@samrap.local')).toEqual([]);

  await page.goto('/forgot-password');
  const before = (await mailsTo(request, account.email)).length;
  await page.getByLabel(text('th', 'auth', 'forgot.email')).fill(account.email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible();
  const link = linkIn(await nextMail(request, account.email, before), '/reset-password');

  // the legacy path keeps the query
  await page.goto(link.replace('/reset-password', '/resetPassword'));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole('heading', { name: text('th', 'auth', 'reset.title') })).toBeVisible();
  const password = page.getByLabel(text('th', 'auth', 'reset.password'), { exact: true });
  const confirm = page.getByLabel(text('th', 'auth', 'reset.confirmPassword'));
  // the server's verdict on its fields: the same as the old password, and a name
  await password.fill(PASSWORD);
  await confirm.fill(PASSWORD);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText(text('th', 'auth', 'password.sameAsOld'))).toBeVisible();
  await password.fill('Kanda#2026x');
  await confirm.fill('Kanda#2026x');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText(text('th', 'auth', 'password.containsName'))).toBeVisible();
  await password.fill('Porridge#2026');
  await confirm.fill('Porridge#2026');
  await shot(page, 'reset-password-th');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-done')).toHaveText(text('th', 'auth', 'reset.doneTitle'));

  // single use: the link now shows the expired/used message and the way to a new one
  await page.goto(link);
  await expect(page.getByTestId('link-expired')).toHaveText(text('th', 'auth', 'reset.linkExpiredTitle'));
  await shot(page, 'reset-link-used-th');
  await page.getByTestId('request-new-link').click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // the old password no longer works, the new one does
  await submitLogin(page, account.email, PASSWORD);
  await expect(page.getByTestId('login-failure')).toHaveText(text('th', 'auth', 'login.failed'));
  await submitLogin(page, account.email, 'Porridge#2026');
  await landedThenAccount(page);
});

test('change password (English): every rule in the form, the server on its fields, then the new password signs in', async ({ page, request }) => {
  const account = await registeredAccount(request, 'change');
  await page.goto('/login');
  await chooseLanguage(page, 'en');
  await submitLogin(page, account.email, account.password);
  await landedThenAccount(page);
  await page.getByTestId('change-password').click();
  await expect(page).toHaveURL(/\/auth\/account\/password$/);

  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/auth/changePassword') && calls.push(r.url()));
  const current = page.getByLabel(text('en', 'account', 'currentPassword'));
  const next = page.getByLabel(text('en', 'account', 'newPassword'), { exact: true });
  const confirm = page.getByLabel(text('en', 'account', 'confirmPassword'));
  const submit = page.getByTestId('change-password-submit');
  await submit.click();
  await expect(page.getByText(text('en', 'auth', 'password.currentRequired'))).toBeVisible();
  await expect(page.getByText(text('en', 'auth', 'password.required'))).toBeVisible();
  await expect(page.getByText(text('en', 'auth', 'password.confirmRequired'))).toBeVisible();
  await current.fill(account.password);
  await next.fill(account.password);
  await confirm.fill(account.password);
  await submit.click();
  await expect(page.getByText(text('en', 'auth', 'password.sameAsOld'))).toBeVisible();
  await next.fill('rakdee#2026A');
  await submit.click();
  await expect(page.getByText(text('en', 'auth', 'password.containsName'))).toBeVisible();
  await next.fill('NoDigits#here');
  await submit.click();
  await expect(page.getByText(text('en', 'auth', 'password.complexity'))).toBeVisible();
  await next.fill('Soup#2026ok');
  await confirm.fill('Soup#2026no');
  await submit.click();
  await expect(page.getByText(text('en', 'auth', 'password.mismatch'))).toBeVisible();
  expect(calls).toEqual([]);

  // a wrong current password: the server's message on that field
  await current.fill('Wrong#2026x');
  await confirm.fill('Soup#2026ok');
  await submit.click();
  await expect(page.getByText('The current password is wrong')).toBeVisible();
  expect(calls).toHaveLength(1);

  await current.fill(account.password);
  await shot(page, 'change-password-en');
  await submit.click();
  await expect(page).toHaveURL(/\/auth\/account$/);
  await expect(page.getByText(text('en', 'account', 'changed'))).toBeVisible();

  // this session goes on; sign out, and only the new password works
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: text('en', 'auth', 'signOut') }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, account.email, account.password);
  await expect(page.getByTestId('login-failure')).toHaveText(text('en', 'auth', 'login.failed'));
  await submitLogin(page, account.email, 'Soup#2026ok');
  await expect(page).toHaveURL(/\/auth\/order$/);
});

test('the expiring-password notice shows the days left as the 90 days approach', async ({ page }) => {
  await page.route('**/api/auth/userInfo', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: Record<string, unknown> };
    body.data.passwordExpiresAt = new Date(Date.now() + 5 * 24 * 3600 * 1000 + 60_000).toISOString();
    await route.fulfill({ response: res, json: body });
  });
  await submitLogin(page, 'serve@samrap.local', PASSWORD);
  await expect(page).toHaveURL(/\/auth\//);
  await expect(page.getByTestId('password-expiry-notice')).toHaveText('รหัสผ่านของคุณจะหมดอายุในอีก 5 วัน');
  await page.goto('/auth/account');
  await expect(page.getByTestId('password-days-left')).toHaveText('เหลืออีก 5 วัน');
  await shot(page, 'password-expiry-th');
  await page.getByRole('alert').getByRole('button', { name: text('th', 'account', 'expiry.action') }).click();
  await expect(page).toHaveURL(/\/auth\/account\/password$/);
  await expect(page.getByTestId('password-expiry-notice')).toHaveCount(0);
});
