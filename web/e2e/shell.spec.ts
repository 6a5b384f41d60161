import { expect, test } from './fixtures';
import { landingPath } from '@/app/routes';
import { expectedSidebar, openAs, sidebarLabels, signIn, text } from './helpers';

test('a Controller signs in in Thai and sees the Controller sidebar, version and UAT marker', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: text('th', 'auth', 'login.title') })).toBeVisible();
  await expect(page.getByTestId('version-label')).toHaveText('Version 1.1.0');
  await expect(page.getByTestId('env-marker')).toHaveText('UAT');

  await signIn(page, 'controller@samrap.local');
  // a Controller lands on the patient list (the first screen of its sidebar)
  await expect(page).toHaveURL(/\/auth\/patient$/);
  await page.goto('/auth/account');
  await expect(page).toHaveURL(/\/auth\/account$/);
  await expect(page.getByTestId('current-pair')).toContainText('ผู้ควบคุม');
  await expect(page.getByTestId('current-pair')).toContainText('SRP01');
  expect(await sidebarLabels(page)).toEqual(expectedSidebar('BCT', 'th'));
  await expect(page.getByTestId('version-label')).toHaveText('Version 1.1.0');
  await expect(page.getByTestId('env-marker')).toHaveText('UAT');
  // the session values of SPEC.md §3
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(Object.keys(stored)).toEqual(expect.arrayContaining(['token', 'refreshToken', 'tokenIat', 'tokenExpMs', 'loginIssuedAt', 'userInfo']));
  expect(JSON.parse(stored.userInfo).current).toEqual({ branchCode: 'SRP01', roleCode: 'BCT' });
  // Thai dates: Buddhist-era year
  await expect(page.getByTestId('signed-in-at')).toHaveText(/25\d\d/);
});

test('Login catches empty and malformed fields before any call, and a wrong password', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/') && calls.push(r.url()));
  await page.goto('/login');
  await page.locator('form[name=login] button[type=submit]').click();
  await expect(page.getByText(text('th', 'auth', 'login.emailRequired'))).toBeVisible();
  await expect(page.getByText(text('th', 'auth', 'login.passwordRequired'))).toBeVisible();
  await page.locator('input[name=email]').fill('controller@');
  await page.locator('input[name=password]').fill('x');
  await page.locator('form[name=login] button[type=submit]').click();
  await expect(page.getByText(text('th', 'auth', 'login.emailInvalid'))).toBeVisible();
  expect(calls).toEqual([]);

  await signIn(page, 'controller@samrap.local', 'Wrong#2026');
  await expect(page.getByTestId('login-failure')).toHaveText(text('th', 'auth', 'login.failed'));
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a Controller opening /auth/users is sent away', async ({ page }) => {
  await openAs(page, 'controller@samrap.local', '/auth/account');
  await expect(page).toHaveURL(/\/auth\/account$/);
  await page.goto('/auth/users');
  await expect(page).not.toHaveURL(/\/auth\/users/);
  await expect(page).toHaveURL(/\/(login|auth\/patient)$/);
  await expect(page.getByTestId('sidebar').getByText(text('th', 'layout', 'menu.userAccounts'))).toHaveCount(0);
  // and is told why (issue 19 item 10), naming the screen as the sidebar does, never its path
  const notice = page.getByTestId('route-refused');
  await expect(notice).toContainText(text('th', 'layout', 'refused.title'));
  await expect(notice).toContainText(`“${text('th', 'layout', 'menu.userAccounts')}”`);
  await expect(notice).not.toContainText('/auth/');
  await expect(notice).toContainText(text('th', 'common', 'roles.BCT'));
  await notice.getByRole('button').click();
  await expect(notice).toHaveCount(0);
  // sent to its own first screen, the patient list
  await expect(page).toHaveURL(/\/auth\/patient$/);
  // an open group of the sidebar sits on a shade of its green, not near-black (QA 2026-11-26 #22)
  await page.goto('/auth/report/meal-card');
  const group = page.getByTestId('sidebar').locator('.ant-menu-sub').first();
  await expect(group).toBeVisible();
  expect(await group.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgba(0, 0, 0, 0.18)');
});

test('without a stored session a protected route goes to Login, with no notice', async ({ page }) => {
  await page.goto('/auth/users');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('route-refused')).toHaveCount(0);
});

test('multi@ chooses a branch and role, then switches pair from the header', async ({ page }) => {
  await signIn(page, 'multi@samrap.local');
  await expect(page).toHaveURL(/\/select-role$/);
  await expect(page.getByRole('heading', { name: text('th', 'auth', 'selectRole.title') })).toBeVisible();
  // its sign-out link is teal like every link, not Ant Design's blue (issue 19 item 13)
  await expect(page.getByRole('button', { name: text('th', 'auth', 'selectRole.signOut') })).toHaveCSS('color', 'rgb(15, 118, 110)');

  // the branch defaults to the first one held; open the list and take SRP02
  await page.locator('.ant-select', { has: page.getByLabel(text('th', 'auth', 'selectRole.branch')) }).click();
  await page.locator('.ant-select-item-option', { hasText: 'SRP02' }).click();
  await page.locator('label', { hasText: 'นักโภชนาการ' }).click();
  await page.getByRole('button', { name: text('th', 'auth', 'selectRole.submit') }).click();

  // a role lands on its first sidebar screen (the Nutritionist: wards and beds)
  await expect(page).toHaveURL(new RegExp(`${landingPath('BNT')}$`));
  await expect(page.getByTestId('current-pair')).toContainText('นักโภชนาการ');
  await expect(page.getByTestId('current-pair')).toContainText('SRP02');
  expect(await sidebarLabels(page)).toEqual(expectedSidebar('BNT', 'th'));

  // switch to Controller at SRP01: asks first, then reloads the data for the new pair
  await page.getByTestId('switch-pair').click();
  await page.getByRole('menuitem', { name: /ผู้ควบคุม.*SRP01/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text('th', 'auth', 'switchPair.confirmTitle'));
  const selectRole = page.waitForRequest((r) => r.url().endsWith('/api/auth/selectRole') && r.method() === 'POST');
  const reload = page.waitForRequest((r) => r.url().includes('/api/parameter/branches'));
  await dialog.getByRole('button', { name: text('th', 'common', 'confirm') }).click();
  expect((await selectRole).postDataJSON()).toEqual({ branchCode: 'SRP01', roleCode: 'BCT' });
  await reload;
  await expect(page.getByTestId('current-pair')).toContainText('ผู้ควบคุม');
  await expect(page.getByTestId('current-pair')).toContainText('SRP01');
  expect(await sidebarLabels(page)).toEqual(expectedSidebar('BCT', 'th'));
  const current = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo')!).current);
  expect(current).toEqual({ branchCode: 'SRP01', roleCode: 'BCT' });
});

test('language switch to English and back, sent as Accept-Language', async ({ page }) => {
  await openAs(page, 'controller@samrap.local', '/auth/account');
  await expect(page).toHaveURL(/\/auth\/account$/);
  const header = page.locator('.app-header');

  await header.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: text('en', 'account', 'title') })).toBeVisible();
  await expect(page.getByTestId('current-pair')).toContainText('Controller');
  expect(await sidebarLabels(page)).toEqual(expectedSidebar('BCT', 'en'));
  await expect(page.getByTestId('signed-in-at')).toHaveText(/ 20\d\d /);
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
  // the stored language goes with every call
  const req = page.waitForRequest((r) => r.url().includes('/api/parameter/branches'));
  await page.reload();
  expect((await req).headers()['accept-language']).toBe('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await header.getByRole('button', { name: 'ไทย' }).click();
  await expect(page.getByRole('heading', { name: text('th', 'account', 'title') })).toBeVisible();
  expect(await sidebarLabels(page)).toEqual(expectedSidebar('BCT', 'th'));
  await expect(page.getByTestId('signed-in-at')).toHaveText(/25\d\d/);
});

test('a revoked session meets the unauthorized modal, back to Login, nothing left half cleared', async ({ page }) => {
  await openAs(page, 'controller@samrap.local', '/auth/account');
  await expect(page).toHaveURL(/\/auth\/account$/);
  await page.evaluate(() => localStorage.setItem('token', 'forged.token.value'));
  await page.reload();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text('th', 'errors', 'unauthorized.title'));
  const stored = await page.evaluate(() => Object.keys(localStorage));
  for (const k of ['token', 'refreshToken', 'tokenIat', 'tokenExpMs', 'loginIssuedAt', 'userInfo']) expect(stored).not.toContain(k);
  await dialog.getByRole('button', { name: text('th', 'common', 'backToLogin') }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('sign out revokes the session and returns to Login', async ({ page }) => {
  await openAs(page, 'controller@samrap.local', '/auth/account');
  await expect(page).toHaveURL(/\/auth\/account$/);
  const rt = await page.evaluate(() => localStorage.getItem('refreshToken'));
  await page.getByTestId('user-menu').click();
  const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout'));
  await page.getByRole('menuitem', { name: text('th', 'auth', 'signOut') }).click();
  expect((await logout).postDataJSON()).toEqual({ refreshToken: rt });
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // the revoked refresh token no longer works
  const res = await page.request.get(`/api/auth/refresh-token?refreshToken=${encodeURIComponent(rt!)}`);
  expect(res.status()).toBe(401);
});

test('a deep link or a reload opens the sidebar group of the screen and marks its item', async ({ page }) => {
  await openAs(page, 'nutritionist@samrap.local', '/auth/meal-type');
  const selected = page.getByTestId('sidebar').locator('.ant-menu-item-selected');
  await expect(selected).toBeVisible();
  await expect(selected).toHaveText(text('th', 'layout', 'menu.mealType'));
  await page.reload();
  await expect(selected).toBeVisible();
  await expect(selected).toHaveText(text('th', 'layout', 'menu.mealType'));
  // the group can still be closed by hand
  const group = page.getByTestId('sidebar').locator('.ant-menu-submenu-open > .ant-menu-submenu-title');
  await group.click();
  await expect(selected).toBeHidden();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  /** The header's branch line reads whole: in view, wrapped rather than cut, the page no wider than the phone. */
  async function branchReadable(page: import('@playwright/test').Page, code: string): Promise<void> {
    const branch = page.getByTestId('current-pair').locator('small');
    await expect(branch).toContainText(`(${code})`);
    await expect(branch).toBeInViewport({ ratio: 1 });
    expect(await branch.evaluate((e) => e.scrollWidth <= e.clientWidth && getComputedStyle(e).textOverflow !== 'ellipsis')).toBe(true);
    const box = (await page.locator('.app-header').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }

  test('the header shows the whole branch name, in Thai and English, and with the pair switch (issue 25 §3)', async ({ page }) => {
    await openAs(page, 'serve@samrap.local', '/auth');
    await expect(page).toHaveURL(/\/auth\/serve$/);
    await branchReadable(page, 'SRP01');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect(page.getByTestId('current-pair')).toContainText('Serve');
    await branchReadable(page, 'SRP01');
    await page.evaluate(() => localStorage.setItem('language', 'th'));

    // several pairs: the branch inside the switch button reads whole too
    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'multi@samrap.local');
    await expect(page).toHaveURL(/\/select-role$/);
    await page.locator('label', { hasText: 'ผู้ควบคุม' }).click();
    await page.getByRole('button', { name: text('th', 'auth', 'selectRole.submit') }).click();
    await expect(page.getByTestId('switch-pair')).toBeVisible();
    await branchReadable(page, 'SRP01');
  });
});
