import { expect, test } from './fixtures';
import { openAs, text } from './helpers';
import { choose, createAccount, registerAccount, stamp, u } from './users-helpers';

// Branch Admin: delayed sign-ins on the Access rights screen; the roles the assign dialog offers.

test('a Branch Admin sees an account delayed after five wrong passwords, lifts it, and it signs in', async ({ page }) => {
  const id = stamp();
  const email = `wd-${id.toLowerCase()}@samrap.local`;
  const code = `WD${id}`;
  const account = await createAccount(page.request, { email, employeeCode: code, permissions: [{ branchCode: 'SRP01', roleCode: 'BOD' }] });
  const password = await registerAccount(page.request, account, email);
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post('/api/auth/accessToken', { form: { username: email, password: 'Wrong#2026x' } });
    expect(res.status()).toBe(401);
  }
  // the right password is refused while delayed, from this address (the only one here)
  expect((await page.request.post('/api/auth/accessToken', { form: { username: email, password } })).status()).toBe(429);

  await openAs(page, 'branchadmin@samrap.local', '/auth');
  await expect(page).toHaveURL(/\/auth\/user-permission-branch$/);
  const section = page.getByTestId('delayed-sign-ins');
  const row = section.locator('tbody tr.ant-table-row', { hasText: code });
  await expect(row).toContainText('ทดสอบ บัญชี');
  await expect(row.locator('td').nth(2)).toHaveText('5');
  // from one address: the failures delay only it
  await expect(row.locator('td').nth(3)).toHaveText('1');
  // delayed until a time in the Buddhist era (the 30-second delay may already have run out)
  await expect(row).toContainText(new RegExp(`${new Date().getFullYear() + 543}|${u('delays.mayTryNow')}`));
  // nothing but the name and the code: no e-mail
  await expect(row).not.toContainText(email);

  await row.getByTestId('lift-delay').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(u('delays.liftDescription'));
  const lifted = page.waitForResponse((r) => r.url().includes('/api/auth/unlockUser'));
  await page.getByTestId('lift-ok').click();
  const res = await lifted;
  expect(res.status()).toBe(200);
  expect(res.request().postDataJSON()).toEqual({ branchCode: 'SRP01', userId: account });
  // the server's own message, then the list read again
  const msg = ((await res.json()) as { msg: string }).msg;
  expect(msg).toBe('ปลดการรอเข้าสู่ระบบของบัญชีแล้ว');
  await expect(page.locator('.ant-notification-notice', { hasText: msg })).toBeVisible();
  await expect(section.locator('tbody tr.ant-table-row', { hasText: code })).toHaveCount(0);

  // the account signs in at once
  expect((await page.request.post('/api/auth/accessToken', { form: { username: email, password } })).status()).toBe(200);
});

test("a Super Admin's delay is listed but not liftable by a Branch Admin", async ({ page }) => {
  const id = stamp();
  const email = `ws-${id.toLowerCase()}@samrap.local`;
  const code = `WS${id}`;
  await createAccount(page.request, { email, employeeCode: code, permissions: [{ branchCode: 'SRP01', roleCode: 'SAM' }] });
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post('/api/auth/accessToken', { form: { username: email, password: 'Wrong#2026x' } });
    expect(res.status()).toBe(401);
  }
  await openAs(page, 'branchadmin@samrap.local', '/auth');
  const row = page.getByTestId('delayed-sign-ins').locator('tbody tr.ant-table-row', { hasText: code });
  await expect(row.getByTestId('lift-not-allowed')).toHaveText(u('delays.superAdmin'));
  await expect(row.getByTestId('lift-delay')).toHaveCount(0);
});

test('the assign dialog offers neither Super Admin nor Branch Admin', async ({ page }) => {
  await openAs(page, 'branchadmin@samrap.local', '/auth');
  await expect(page).toHaveURL(/\/auth\/user-permission-branch$/);
  await page.getByTestId('assign-open').click();
  const assign = page.getByTestId('assign-users');
  await assign.locator('.ant-select').first().click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const offered = (await options.allInnerTexts()).map((s) => s.trim());
  expect(offered).toContain(text('th', 'common', 'roles.BCT'));
  expect(offered).not.toContain(text('th', 'common', 'roles.BAM'));
  expect(offered).not.toContain(text('th', 'common', 'roles.SAM'));
  await page.keyboard.press('Escape');
  // with the role filter on Branch Admin, the dialog proposes no role
  await page.getByRole('button', { name: text('th', 'common', 'cancel') }).click();
  await choose(page, page.getByTestId('role-filter'), text('th', 'common', 'roles.BAM'));
  await page.getByTestId('assign-open').click();
  await expect(assign.locator('.ant-select').first()).not.toContainText(text('th', 'common', 'roles.BAM'));
});
