import { expect, test, type APIRequestContext } from './fixtures';
import { openAs, shared, signIn, text } from './helpers';
import { choose, createAccount, registerAccount, signOut, stamp, tokenOf } from './users-helpers';

// Issue 6: a Super Admin adds a branch that starts from SRP01's master data, on the Branches
// screen; someone given a role there signs in and finds SRP01's lists.

const b = (key: string, lang: 'th' | 'en' = 'th'): string => text(lang, 'branches', key);

type Page<T> = { items: T[]; total: number };

async function dietTypes(request: APIRequestContext, token: string, branch: string): Promise<Page<{ code: string }>> {
  const res = await request.get(`/api/parameter/searchDietType?branch=${branch}&size=1000`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: Page<{ code: string }> }).data;
}

test('a Super Admin adds a branch copying SRP01; a Nutritionist assigned there finds the lists', async ({ page }) => {
  const id = stamp();
  const code = `E2E${id}`.slice(0, 20);
  const nameTh = `โรงพยาบาลสำรับ ทดสอบ ${id}`;

  await openAs(page, 'superadmin@samrap.local', '/auth');
  await expect(page).toHaveURL(/\/auth\/users$/);

  // reachable from the sidebar, under user management
  const sidebar = page.getByTestId('sidebar');
  const item = sidebar.getByRole('menuitem', { name: text('th', 'layout', 'menu.branches'), exact: true });
  // the group of the open screen (user accounts) is open
  await expect(sidebar.getByRole('menuitem', { name: text('th', 'layout', 'menu.userAccounts'), exact: true })).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(/\/auth\/branches$/);
  await expect(page.getByRole('heading', { name: b('title') })).toBeVisible();
  const table = page.getByTestId('branches-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(table.locator('tbody tr.ant-table-row', { hasText: 'SRP01' })).toContainText('Asia/Bangkok');

  // the form: the client's checks, then the server's 409 beside the code
  await page.getByTestId('branch-add').click();
  const dialog = page.getByTestId('branch-form');
  await expect(dialog.getByTestId('branch-timeZone')).toContainText('Asia/Bangkok');
  await dialog.getByTestId('branch-form-save').click();
  await expect(dialog.locator('.ant-form-item-explain-error', { hasText: b('form.required.code') })).toBeVisible();
  await expect(dialog.locator('.ant-form-item-explain-error', { hasText: b('form.required.nameTh') })).toBeVisible();
  await dialog.getByTestId('branch-code').fill('srp01'); // kept in capitals
  await expect(dialog.getByTestId('branch-code')).toHaveValue('SRP01');
  await dialog.getByTestId('branch-nameTh').fill(nameTh);
  const refused = page.waitForResponse((r) => r.url().includes('/api/parameter/createBranch'));
  await dialog.getByTestId('branch-form-save').click();
  expect((await refused).status()).toBe(409);
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('รหัสสาขานี้มีอยู่แล้ว');

  // the real one, copying SRP01
  await dialog.getByTestId('branch-code').fill(code);
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await dialog.getByTestId('branch-nameEn').fill(`Samrap Test ${id}`);
  await choose(page, dialog.getByTestId('branch-copyFrom'), 'SRP01');
  const created = page.waitForResponse((r) => r.url().includes('/api/parameter/createBranch'));
  await dialog.getByTestId('branch-form-save').click();
  expect((await created).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(
    page.locator('.ant-notification-notice', { hasText: b('toast.createdCopied').replace('{{name}}', `${nameTh} (${code})`).replace('{{from}}', 'SRP01') }),
  ).toBeVisible();
  // the list (the one branch query every screen reads) shows it without a reload
  const row = table.locator('tbody tr.ant-table-row', { hasText: code });
  await expect(row).toContainText(nameTh);
  await expect(row).toContainText(`Samrap Test ${id}`);
  await expect(row).toContainText('Asia/Bangkok');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);

  // a Nutritionist of the new branch: SRP01's diet types are there
  const email = `w6-${id.toLowerCase()}@samrap.local`;
  const account = await createAccount(page.request, { email, employeeCode: `W6${id}`, permissions: [{ branchCode: code, roleCode: 'BNT' }] });
  const password = await registerAccount(page.request, account, email);
  const srp01 = await dietTypes(page.request, await tokenOf(page.request, 'nutritionist@samrap.local'), 'SRP01');
  expect(srp01.total).toBeGreaterThan(0);
  await signOut(page);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/auth\//);
  await expect(page.getByTestId('current-pair')).toContainText(`${nameTh} (${code})`);
  await page.goto('/auth/food-type');
  const list = page.getByTestId('list-DietType');
  await expect(list.locator('tbody tr.ant-table-row', { has: page.locator('td', { hasText: new RegExp(`^${srp01.items[0].code}$`) }) })).toBeVisible();
  await expect(list.locator('.ant-pagination-total-text')).toHaveText(
    shared('th', 'list.total', { from: '1', to: String(Math.min(20, srp01.total)), total: String(srp01.total) }),
  );
});

test('a Super Admin renames a branch, deactivates it after confirming and brings it back; their own branch stays on', async ({ page }) => {
  const id = stamp();
  const code = `E2F${id}`.slice(0, 20);
  const token = await tokenOf(page.request, 'superadmin@samrap.local');
  const made = await page.request.post('/api/parameter/createBranch', {
    headers: { Authorization: `Bearer ${token}` },
    data: { code, nameTh: `สาขาแก้ไข ${id}`, nameEn: `Edit ${id}`, timeZone: 'Asia/Bangkok' },
  });
  expect(made.status(), await made.text()).toBe(200);

  await openAs(page, 'superadmin@samrap.local', '/auth/branches');
  const table = page.getByTestId('branches-table');
  const row = table.locator('tbody tr.ant-table-row', { hasText: code });
  await expect(row.getByTestId('branch-status')).toHaveText(b('status.active'));

  // rename: the code cannot change
  await row.getByTestId('branch-edit').click();
  const dialog = page.getByTestId('branch-form');
  await expect(dialog).toContainText(b('form.editTitle').replace('{{code}}', code));
  await expect(dialog.getByTestId('branch-code')).toBeDisabled();
  await expect(dialog.getByTestId('branch-code')).toHaveValue(code);
  await dialog.getByTestId('branch-nameTh').fill(`สาขาใหม่ ${id}`);
  const saved = page.waitForResponse((r) => r.url().includes('/api/parameter/updateBranch'));
  await dialog.getByTestId('branch-form-save').click();
  const res = await saved;
  expect(res.status()).toBe(200);
  expect(res.request().postDataJSON()).toEqual({ code, nameTh: `สาขาใหม่ ${id}`, nameEn: `Edit ${id}`, timeZone: 'Asia/Bangkok', active: true });
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`สาขาใหม่ ${id}`);

  // deactivate: asked first; cancelling sends nothing
  await row.getByTestId('branch-edit').click();
  await dialog.getByTestId('branch-active').click();
  await dialog.getByTestId('branch-form-save').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(b('deactivate.description'));
  await confirm.getByRole('button', { name: b('form.cancel') }).click();
  await expect(confirm).toBeHidden();
  const off = page.waitForResponse((r) => r.url().includes('/api/parameter/updateBranch'));
  await dialog.getByTestId('branch-form-save').click();
  await page.getByTestId('branch-deactivate-ok').click();
  expect(((await off).request().postDataJSON() as { active: boolean }).active).toBe(false);
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('branch-status')).toHaveText(b('status.inactive'));
  // it has left the branches everyone chooses from
  const active = (await (await page.request.get('/api/parameter/branches', { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { code: string }[] };
  expect(active.data.map((x) => x.code)).not.toContain(code);

  // reactivate: no question
  await row.getByTestId('branch-edit').click();
  await dialog.getByTestId('branch-active').click();
  const on = page.waitForResponse((r) => r.url().includes('/api/parameter/updateBranch'));
  await dialog.getByTestId('branch-form-save').click();
  expect((await on).status()).toBe(200);
  await expect(row.getByTestId('branch-status')).toHaveText(b('status.active'));

  // the caller's own current branch: the server's 409 beside the switch
  const own = table.locator('tbody tr.ant-table-row', { hasText: 'SRP01' });
  await own.getByTestId('branch-edit').click();
  await dialog.getByTestId('branch-active').click();
  await dialog.getByTestId('branch-form-save').click();
  const refused = page.waitForResponse((r) => r.url().includes('/api/parameter/updateBranch'));
  await page.getByTestId('branch-deactivate-ok').click();
  expect((await refused).status()).toBe(409);
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('ปิดใช้งานสาขาที่คุณกำลังทำงานอยู่ไม่ได้ กรุณาเปลี่ยนไปทำงานในสาขาอื่นก่อน');
  await dialog.getByRole('button', { name: b('form.cancel') }).click();
  await expect(own.getByTestId('branch-status')).toHaveText(b('status.active'));
});
