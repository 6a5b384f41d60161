import { expect, test } from './fixtures';
import { openAs, PASSWORD, shared, signIn, text } from './helpers';
import { choose, createAccount, registerAccount, searchAccounts, shot, signOut, stamp, u } from './users-helpers';

// Issue 7: a Super Admin creates an account and invites it, the invitee registers through
// the link from the outbox, a Branch Admin gives it Order Taker in SRP01, and it signs in.

test('create an account, invite it, register through the link, assign Order Taker, sign in as it', async ({ page }) => {
  const id = stamp();
  const email = `w7-${id.toLowerCase()}@samrap.local`;
  const code = `W7${id}`;

  // Super Admin lands on the accounts screen
  await openAs(page, 'superadmin@samrap.local', '/auth');
  await expect(page).toHaveURL(/\/auth\/users$/);
  await expect(page.getByRole('heading', { name: u('accounts.title') })).toBeVisible();
  await expect(page.getByTestId('users-table').locator('tbody tr.ant-table-row', { hasText: 'superadmin@samrap.local' })).toBeVisible();
  await shot(page, 'users-th');

  // create
  await page.getByTestId('user-add').click();
  const drawer = page.getByTestId('user-form');
  await expect(drawer.getByTestId('effect-notice')).toHaveText(u('form.effectNotice'));
  await drawer.getByLabel(u('form.employeeCode')).fill(code);
  await drawer.getByLabel(u('form.email')).fill(email);
  await drawer.getByLabel(u('form.firstNameTh')).fill('ทดสอบ');
  await drawer.getByLabel(u('form.lastNameTh')).fill('ผู้รับคำสั่ง');
  await drawer.getByLabel(u('form.firstNameEn')).fill('Test');
  await drawer.getByLabel(u('form.lastNameEn')).fill('Taker');
  const created = page.waitForResponse((r) => r.url().includes('/api/auth/createUser'));
  await drawer.getByTestId('user-form-save').click();
  expect((await created).status()).toBe(200);
  await expect(drawer).toBeHidden();

  await searchAccounts(page, email);
  const row = page.getByTestId('users-table').locator('tbody tr.ant-table-row', { hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('status-tag')).toHaveText(u('status.NOT_INVITED'));

  // invite, with confirmation
  await row.getByTestId('row-invite').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(email);
  const invited = page.waitForResponse((r) => r.url().includes('/api/auth/inviteToUser'));
  await confirm.getByRole('button', { name: u('invite.ok') }).click();
  expect((await invited).status()).toBe(200);
  await expect(row.getByTestId('status-tag')).toHaveText(u('status.INVITED'));

  // the link from the outbox, opened after signing out; registration on the /register screen
  const mails = (await (await page.request.get(`/dev/mail?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
  const link = /https?:\/\/[^/\s]+(\/register\?token=\S+)/.exec(mails[0]?.text ?? '');
  expect(link, mails[0]?.text).not.toBeNull();
  const newPassword = 'Kitchen#2026x';
  await signOut(page);
  await page.goto(link![1]);
  await expect(page.getByTestId('register-email')).toHaveText(email);
  await page.getByLabel(text('th', 'auth', 'register.password'), { exact: true }).fill(newPassword);
  await page.getByLabel(text('th', 'auth', 'register.confirmPassword')).fill(newPassword);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-offer')).toBeVisible();
  await page.getByRole('button', { name: text('th', 'auth', 'register.later') }).click();
  await expect(page.getByTestId('register-done')).toHaveText(text('th', 'auth', 'register.doneTitle'));
  await page.getByTestId('go-sign-in').click();
  await expect(page).toHaveURL(/\/login$/);

  // Branch Admin of SRP01 gives it Order Taker
  await signIn(page, 'branchadmin@samrap.local');
  await expect(page).toHaveURL(/\/auth\/user-permission-branch$/);
  await expect(page.getByRole('heading', { name: u('access.title') })).toBeVisible();
  await page.getByTestId('assign-open').click();
  const assign = page.getByTestId('assign-users');
  await choose(page, assign.locator('.ant-select').first(), text('th', 'common', 'roles.BOD'));
  // Super Admin is not offered
  await assign.locator('.ant-select').first().click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text('th', 'common', 'roles.SAM') })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await assign.locator('.ant-select').nth(1).click();
  // the pick-list names accounts by employee code and name (unAssignedUsers has no e-mail)
  await page.keyboard.type(code);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: code }).click();
  await page.keyboard.press('Escape');
  const assigned = page.waitForRequest((r) => r.url().includes('/api/auth/assign') && r.method() === 'POST');
  await page.getByTestId('assign-ok').click();
  const body = (await assigned).postDataJSON() as { branchCode: string; roleCode: string; userIds: number[] };
  expect(body.branchCode).toBe('SRP01');
  expect(body.roleCode).toBe('BOD');
  expect(body.userIds).toHaveLength(1);
  await page.getByTestId('access-search').fill(email);
  await page.getByTestId('access-search').press('Enter');
  const accessRow = page.getByTestId('access-table').locator('tbody tr.ant-table-row', { hasText: email });
  await expect(accessRow.getByTestId('row-roles')).toHaveText(text('th', 'common', 'roles.BOD'));
  await expect(accessRow.getByTestId('status-tag')).toHaveText(u('status.ACTIVE'));
  await signOut(page);

  // the new account signs in as Order Taker of SRP01
  await signIn(page, email, newPassword);
  // an Order Taker lands on the order list (issue 14)
  await expect(page).toHaveURL(/\/auth\/order$/);
  await expect(page.getByTestId('current-pair')).toContainText(text('th', 'common', 'roles.BOD'));
  await expect(page.getByTestId('current-pair')).toContainText('SRP01');
});

test('the form in English: required fields, duplicate e-mail, pairs; delete asks for ลบ', async ({ page }) => {
  const id = stamp();
  const email = `w7e-${id.toLowerCase()}@samrap.local`;
  const code = `W7E${id}`;
  await openAs(page, 'superadmin@samrap.local', '/auth', { lang: 'en', password: PASSWORD });
  await expect(page).toHaveURL(/\/auth\/users$/);
  await expect(page.getByRole('heading', { name: u('accounts.title', 'en') })).toBeVisible();

  await page.getByTestId('user-add').click();
  const drawer = page.getByTestId('user-form');
  await drawer.getByTestId('user-form-save').click();
  for (const k of ['employeeCode', 'firstNameTh', 'lastNameTh', 'email']) {
    await expect(drawer.getByText(u(`form.required.${k}`, 'en'))).toBeVisible();
  }
  await drawer.getByLabel(u('form.employeeCode', 'en')).fill(code);
  await drawer.getByLabel(u('form.email', 'en')).fill('superadmin@samrap.local');
  await drawer.getByLabel(u('form.firstNameTh', 'en')).fill('ทดสอบ');
  await drawer.getByLabel(u('form.lastNameTh', 'en')).fill('ภาษาอังกฤษ');
  // two pairs, the second the same as the first
  await drawer.getByTestId('add-pair').click();
  await choose(page, drawer.getByTestId('pair-0').locator('.ant-select').nth(1), 'Nutritionist');
  await drawer.getByTestId('add-pair').click();
  await choose(page, drawer.getByTestId('pair-1').locator('.ant-select').nth(1), 'Nutritionist');
  await drawer.getByTestId('user-form-save').click();
  await expect(drawer.getByTestId('pair-1').getByText(u('form.duplicatePair', 'en'))).toBeVisible();
  await choose(page, drawer.getByTestId('pair-1').locator('.ant-select').nth(0), 'SRP02');
  await choose(page, drawer.getByTestId('pair-1').locator('.ant-select').nth(1), 'Controller');
  await shot(page, 'form-pairs-en');
  // duplicate e-mail: the server's 409 beside the field
  const dup = page.waitForResponse((r) => r.url().includes('/api/auth/createUser'));
  await drawer.getByTestId('user-form-save').click();
  expect((await dup).status()).toBe(409);
  await expect(drawer.getByText(u('form.duplicateEmail', 'en'))).toBeVisible();
  await drawer.getByLabel(u('form.email', 'en')).fill(email);
  const ok = page.waitForRequest((r) => r.url().includes('/api/auth/createUser'));
  await drawer.getByTestId('user-form-save').click();
  expect((await ok).postDataJSON()).toMatchObject({
    employeeCode: code,
    email,
    permissions: [
      { branchCode: 'SRP01', roleCode: 'BNT' },
      { branchCode: 'SRP02', roleCode: 'BCT' },
    ],
  });
  await expect(drawer).toBeHidden();

  // find it
  await searchAccounts(page, email);
  const row = page.getByTestId('users-table').locator('tbody tr.ant-table-row', { hasText: email });
  await expect(row).toContainText('SRP02 · Controller');

  // edit shows the pairs and the history
  await row.getByTestId('row-edit').click();
  await expect(drawer.getByTestId('pair-1')).toContainText('Controller');
  await expect(drawer.getByTestId('user-history')).toContainText('D0005');
  await expect(drawer.getByTestId('user-history')).toContainText(/ 20\d\d /);
  await drawer.getByRole('button', { name: u('form.cancel', 'en') }).click();

  // delete asks for the Thai word
  await row.getByTestId('row-delete').click();
  const modal = page.getByTestId('delete-confirm');
  await expect(modal).toContainText(shared('en', 'deleteConfirm.typeWord', { word: 'ลบ' }));
  await expect(page.getByTestId('delete-confirm-ok')).toBeDisabled();
  await page.getByTestId('delete-word').fill('delete');
  await expect(page.getByTestId('delete-confirm-ok')).toBeDisabled();
  await page.getByTestId('delete-word').fill('ลบ');
  await shot(page, 'delete-en');
  const del = page.waitForRequest((r) => r.url().includes('/api/auth/deleteUsers'));
  await page.getByTestId('delete-confirm-ok').click();
  expect((await del).postDataJSON()).toMatchObject({ updateBy: 'D0005' });
  await expect(row).toHaveCount(0);
});

test('status filter, sorting, and an invitation whose e-mail fails offers a retry', async ({ page }) => {
  const id = stamp();
  const email = `w7m-${id.toLowerCase()}@samrap.local`;
  await createAccount(page.request, { email, employeeCode: `W7M${id}` });
  await openAs(page, 'superadmin@samrap.local', '/auth');
  await expect(page).toHaveURL(/\/auth\/users$/);
  const table = page.getByTestId('users-table');
  const search = page.waitForRequest((r) => r.url().includes('/api/auth/searchUsers') && r.url().includes('status=NOT_INVITED'));
  await page.getByTestId('status-filter').getByText(u('status.NOT_INVITED'), { exact: true }).click();
  await search;
  await expect(table.locator('tbody tr.ant-table-row', { hasText: email })).toHaveCount(1);
  await expect(table.locator('tbody tr.ant-table-row', { hasText: 'superadmin@samrap.local' })).toHaveCount(0);
  for (const tag of await table.getByTestId('status-tag').all()) await expect(tag).toHaveText(u('status.NOT_INVITED'));

  const sorted = page.waitForRequest((r) => r.url().includes('sortBy=employeeCode') && r.url().includes('sortDesc=true'));
  const codeHeader = table.locator('th.ant-table-column-has-sorters', { hasText: u('columns.employeeCode') });
  await codeHeader.click();
  await expect(codeHeader).toHaveAttribute('aria-sort', 'ascending');
  await codeHeader.click();
  await sorted;

  await searchAccounts(page, email);
  const row = table.locator('tbody tr.ant-table-row', { hasText: email });
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);

  // the first send fails (503 MAIL_FAILED), the retry goes through
  let fail = true;
  await page.route('**/api/auth/inviteToUser*', (route) => {
    if (!fail) return route.continue();
    fail = false;
    return route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"MAIL_FAILED","msg":"mail down","data":null}' });
  });
  await row.getByTestId('row-invite').click();
  await page.getByRole('dialog').getByRole('button', { name: u('invite.ok') }).click();
  await expect(page.getByTestId('invite-failed')).toContainText(email);
  await expect(page.getByText(text('th', 'errors', 'server.title').replace('{{code}}', '503'))).toHaveCount(0);
  const retry = page.waitForResponse((r) => r.url().includes('/api/auth/inviteToUser'));
  await page.getByRole('dialog').getByRole('button', { name: u('invite.retry') }).click();
  expect((await retry).status()).toBe(200);
  await expect(page.getByText(u('invite.sent').replace('{{email}}', email))).toBeVisible();
  // the list follows the status filter: the account is no longer "not invited"
  await expect(row).toHaveCount(0);
});

test('a round of invitations reports the accounts whose e-mail failed, with a retry', async ({ page }) => {
  await openAs(page, 'superadmin@samrap.local', '/auth');
  await expect(page).toHaveURL(/\/auth\/users$/);
  await page.route('**/api/auth/inviteUsersByStatus*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"code":"SUCCESS","msg":"ok","data":{"invited":0,"failed":[999999]}}' }),
  );
  await page.getByTestId('invite-menu').click();
  const req = page.waitForRequest((r) => r.url().includes('/api/auth/inviteUsersByStatus'));
  await page.getByRole('menuitem', { name: u('invite.notInvitedAndWaiting') }).click();
  await page.getByRole('dialog').getByRole('button', { name: u('invite.ok') }).click();
  expect(new URL((await req).url()).searchParams.get('status')).toBe('NOT_INVITED,INVITED');
  expect(new URL((await req).url()).searchParams.get('inviteBy')).toBe('D0005');
  await expect(page.getByTestId('invite-failed')).toHaveText(u('invite.failedSome').replace('{{count}}', '1'));
  await expect(page.getByRole('dialog').getByRole('button', { name: u('invite.retry') })).toBeVisible();
});

test('a registered account made inactive is refused at its next sign-in', async ({ page }) => {
  const id = stamp();
  const email = `w7x-${id.toLowerCase()}@samrap.local`;
  const userId = await createAccount(page.request, { email, employeeCode: `W7X${id}`, permissions: [{ branchCode: 'SRP01', roleCode: 'BCT' }] });
  const password = await registerAccount(page.request, userId, email);

  await openAs(page, 'superadmin@samrap.local', '/auth');
  await expect(page).toHaveURL(/\/auth\/users$/);
  await searchAccounts(page, email);
  const row = page.getByTestId('users-table').locator('tbody tr.ant-table-row', { hasText: email });
  await expect(row.getByTestId('status-tag')).toHaveText(u('status.ACTIVE'));
  // a registered account can no longer be invited
  await expect(row.getByTestId('row-invite')).toHaveCount(0);
  await row.getByTestId('row-edit').click();
  const drawer = page.getByTestId('user-form');
  await choose(page, drawer.getByTestId('status-select'), u('status.INACTIVE'));
  const saved = page.waitForRequest((r) => r.url().includes('/api/auth/updateUser'));
  await drawer.getByTestId('user-form-save').click();
  expect((await saved).postDataJSON()).toMatchObject({ id: userId, status: 'INACTIVE', permissions: [{ branchCode: 'SRP01', roleCode: 'BCT' }] });
  await expect(row.getByTestId('status-tag')).toHaveText(u('status.INACTIVE'));
  await signOut(page);

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/inactive-account$/);
});

test('the selected accounts are deleted together after ลบ', async ({ page }) => {
  const id = stamp();
  const emails = [`w7d-${id.toLowerCase()}@samrap.local`, `w7f-${id.toLowerCase()}@samrap.local`];
  const ids: number[] = [];
  for (const [i, email] of emails.entries()) ids.push(await createAccount(page.request, { email, employeeCode: `W7${'DF'[i]}${id}` }));
  await openAs(page, 'superadmin@samrap.local', '/auth');
  await expect(page).toHaveURL(/\/auth\/users$/);
  await page.getByTestId('users-search').fill(id.toLowerCase());
  await page.getByTestId('users-search').press('Enter');
  const rows = page.getByTestId('users-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  for (const email of emails) await rows.filter({ hasText: email }).locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('selection-bar')).toContainText(shared('th', 'list.selected', { count: '2' }));
  await page.getByTestId('delete-selected').click();
  await expect(page.getByTestId('delete-list').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('delete-confirm-ok')).toBeDisabled();
  await page.getByTestId('delete-word').fill('ลบ');
  const del = page.waitForRequest((r) => r.url().includes('/api/auth/deleteUsers'));
  await page.getByTestId('delete-confirm-ok').click();
  expect(((await del).postDataJSON() as { userIds: number[] }).userIds.sort()).toEqual(ids.sort());
  await expect(rows).toHaveCount(0);
  await expect(page.getByTestId('selection-bar')).toHaveCount(0);
});
