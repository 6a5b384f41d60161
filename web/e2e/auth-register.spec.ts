import { expect, test } from './fixtures';
import { chooseLanguage, freshCode, inviteNewAccount, linkIn, mailsTo, nextMail, nextStepCode, shot, landedThenAccount, submitLogin } from './auth-helpers';
import { text } from './helpers';

const NEW_PASSWORD = 'Kitchen#2026';

test('the invited demo account registers with the authenticator (English), then signs in with a code from it', async ({ page, request }) => {
  // The server invites invited@samrap.local at start: its link is in the outbox.
  const [invitation] = await mailsTo(request, 'invited@samrap.local');
  expect(invitation, 'the demo invitation in /dev/mail').toBeTruthy();
  await page.goto(linkIn(invitation, '/register'));
  await chooseLanguage(page, 'en');
  await expect(page.getByTestId('register-email')).toHaveText('invited@samrap.local');
  await expect(page.getByTestId('register-steps')).toContainText(text('en', 'auth', 'register.steps.password'));

  // every rule is checked in the form before the call
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/auth/register') && calls.push(r.url()));
  const password = page.getByLabel(text('en', 'auth', 'register.password'), { exact: true });
  const confirm = page.getByLabel(text('en', 'auth', 'register.confirmPassword'));
  await page.getByTestId('register-submit').click();
  await expect(page.getByText(text('en', 'auth', 'password.required'))).toBeVisible();
  await expect(page.getByText(text('en', 'auth', 'password.confirmRequired'))).toBeVisible();
  await password.fill('short1!');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText(text('en', 'auth', 'password.minLength'))).toBeVisible();
  await password.fill('alllowercase1!');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText(text('en', 'auth', 'password.complexity'))).toBeVisible();
  await password.fill('Napha#2026'); // the account is Napha Rolongthabian
  await confirm.fill('Different#2026');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText(text('en', 'auth', 'password.containsName'))).toBeVisible();
  await expect(page.getByText(text('en', 'auth', 'password.mismatch'))).toBeVisible();
  expect(calls).toEqual([]);

  await password.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await expect(page.getByTestId('password-rules').locator('li[data-met=true]')).toHaveCount(5);
  await page.getByTestId('register-submit').click();

  // step 2: offer; step 3: the QR code and the secret
  await expect(page.getByTestId('register-offer')).toBeVisible();
  expect(calls).toHaveLength(1);
  expect(calls[0], 'the password travels in the body, not the URL').not.toContain(NEW_PASSWORD.slice(0, 4));
  await page.getByRole('button', { name: text('en', 'auth', 'register.setupNow') }).click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shot(page, 'register-scan-en');
  await page.getByTestId('register-next').click();

  // step 4: a wrong code, then the right one
  await page.getByTestId('code-input').fill('000000');
  await page.getByTestId('register-confirm-code').click();
  await expect(page.getByText(text('en', 'auth', 'code.invalid'))).toBeVisible();
  const { code, at } = await freshCode(secret);
  await page.getByTestId('code-input').fill(code);
  await page.getByTestId('register-confirm-code').click();
  await expect(page.getByTestId('register-done')).toHaveText(text('en', 'auth', 'register.doneTitle'));
  await expect(page.getByText(text('en', 'auth', 'register.doneMfa'))).toBeVisible();
  await page.getByTestId('go-sign-in').click();

  // sign in: the password alone gives no tokens; the authenticator's next code does
  await submitLogin(page, 'invited@samrap.local', NEW_PASSWORD);
  await expect(page).toHaveURL(/\/redirect$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('heading', { name: text('en', 'auth', 'mfa.title') })).toBeVisible();
  await expect(page.getByTestId('method-TOTP')).toBeVisible();
  await expect(page.getByTestId('method-EMAIL')).toBeVisible();
  await shot(page, 'mfa-choose-method-en');
  await page.getByTestId('code-input').fill(nextStepCode(secret, at));
  await page.getByTestId('verify-code').click();
  await landedThenAccount(page);
  await expect(page.getByTestId('two-factor-status')).toHaveText(text('en', 'account', 'on'));
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(JSON.parse(stored.userInfo).current).toEqual({ branchCode: 'SRP01', roleCode: 'BOD' });

  // the used link now says so
  await page.goto(linkIn(invitation, '/register'));
  await expect(page.getByTestId('link-expired')).toHaveText(text('en', 'auth', 'register.linkExpiredTitle'));
});

test('a garbled registration link shows the expired message; asking again reveals nothing (Thai)', async ({ page, request }) => {
  const invited = await inviteNewAccount(request, 'garbled');
  const before = (await mailsTo(request, invited.email)).length;
  await page.goto(invited.link.replace(/token=[^&]+/, 'token=not-a-real-token'));
  await expect(page.getByTestId('link-expired')).toHaveText(text('th', 'auth', 'register.linkExpiredTitle'));
  await expect(page.getByRole('dialog')).toHaveCount(0); // no global modal for a 410
  await page.getByTestId('request-new-link').click();
  await expect(page.getByTestId('link-resent')).toHaveText(text('th', 'auth', 'register.linkResent'));
  expect((await mailsTo(request, invited.email)).length).toBe(before);
  // the real link still works
  await page.goto(invited.link);
  await expect(page.getByTestId('register-email')).toHaveText(invited.email);
});

test('an expired link of an account still waiting for confirmation gets a new one by e-mail', async ({ page, request }) => {
  const invited = await inviteNewAccount(request, 'expired');
  // inviting again supersedes the first link while the account still waits for confirmation
  const adminLogin = await request.post('/api/auth/accessToken', { form: { username: 'superadmin@samrap.local', password: 'Samrap#2026' } });
  const admin = ((await adminLogin.json()) as { data: { access_token: string } }).data.access_token;
  const search = await request.get(`/api/auth/searchUsers?criteria=${encodeURIComponent(invited.email)}&page=1&size=5`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  const id = ((await search.json()) as { data: { items: { id: number }[] } }).data.items[0].id;
  let before = (await mailsTo(request, invited.email)).length;
  await request.post(`/api/auth/inviteToUser?userId=${id}&inviteBy=e2e`, { headers: { Authorization: `Bearer ${admin}` } });
  const second = linkIn(await nextMail(request, invited.email, before), '/register');

  // the first link is superseded: expired message, and the button sends a new link
  await page.goto(invited.link);
  await expect(page.getByTestId('link-expired')).toHaveText(text('th', 'auth', 'register.linkExpiredTitle'));
  before = (await mailsTo(request, invited.email)).length;
  await page.getByTestId('request-new-link').click();
  await expect(page.getByTestId('link-resent')).toBeVisible();
  const third = linkIn(await nextMail(request, invited.email, before), '/register');
  expect(third).not.toBe(second);

  // the new link opens the form; "later" leaves two factors off
  await page.goto(third);
  await expect(page.getByTestId('register-email')).toHaveText(invited.email);
  await page.getByLabel(text('th', 'auth', 'register.password'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(text('th', 'auth', 'register.confirmPassword')).fill(NEW_PASSWORD);
  await shot(page, 'register-password-th');
  await page.getByTestId('register-submit').click();
  await page.getByRole('button', { name: text('th', 'auth', 'register.later') }).click();
  await expect(page.getByTestId('register-done')).toBeVisible();
  await expect(page.getByText(text('th', 'auth', 'register.doneNoMfa'))).toBeVisible();

  // password only: straight in
  await submitLogin(page, invited.email, NEW_PASSWORD);
  await landedThenAccount(page);
  await expect(page.getByTestId('two-factor-status')).toHaveText(text('th', 'account', 'off'));
});

test('the register steps and the authenticator QR code in Thai; forgot password in English', async ({ page, request }) => {
  const invited = await inviteNewAccount(request, 'thai');
  await page.goto(invited.link);
  await expect(page.getByRole('heading', { name: text('th', 'auth', 'register.title') })).toBeVisible();
  await page.getByLabel(text('th', 'auth', 'register.password'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(text('th', 'auth', 'register.confirmPassword')).fill(NEW_PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page.getByText(text('th', 'auth', 'register.offerTitle'))).toBeVisible();
  await shot(page, 'register-offer-th');
  await page.getByRole('button', { name: text('th', 'auth', 'register.setupNow') }).click();
  await expect(page.getByText(text('th', 'auth', 'register.scanTitle'))).toBeVisible();
  await expect(page.getByRole('img', { name: text('th', 'auth', 'register.qrAlt') })).toBeVisible();
  await shot(page, 'register-scan-th');
  await page.getByTestId('register-next').click();
  await expect(page.getByText(text('th', 'auth', 'register.codeTitle'))).toBeVisible();
  await shot(page, 'register-code-th');

  await page.goto('/forgot-password');
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: text('en', 'auth', 'forgot.title') })).toBeVisible();
  await shot(page, 'forgot-password-en');
});
