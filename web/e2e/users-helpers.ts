import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PASSWORD, text } from './helpers';

// Helpers of the user-management browser tests (issue 7).

const SHOTS = process.env.W7_SHOTS;
/** A full-page screenshot into $W7_SHOTS when set (to look at the screens). */
export async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

export const u = (key: string, lang: 'th' | 'en' = 'th'): string => text(lang, 'users', key);

/** Picks an option of an Ant Design select: the open list is the last one not hidden. */
export async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .last()
    .locator('.ant-select-item-option', { hasText: option })
    .first()
    .click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: text('th', 'auth', 'signOut') }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A unique suffix for the accounts a test creates (the tests share one database). */
export function stamp(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}

/** An access token for a demo account with one pair, through the API. */
export async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/accessToken', { form: { username: email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/** Creates an account as the demo Super Admin (not invited), answering its id. */
export async function createAccount(
  request: APIRequestContext,
  a: { email: string; employeeCode: string; permissions?: { branchCode: string; roleCode: string }[] },
): Promise<number> {
  const token = await tokenOf(request, 'superadmin@samrap.local');
  const res = await request.post('/api/auth/createUser', {
    headers: { Authorization: `Bearer ${token}` },
    data: { firstNameTh: 'ทดสอบ', lastNameTh: 'บัญชี', firstNameEn: 'Test', lastNameEn: 'Account', note: '', permissions: [], ...a },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** Invites an account as the demo Super Admin and registers it through the API, answering its password. */
export async function registerAccount(request: APIRequestContext, id: number, email: string): Promise<string> {
  const token = await tokenOf(request, 'superadmin@samrap.local');
  const invite = await request.post(`/api/auth/inviteToUser?userId=${id}&inviteBy=D0005`, { headers: { Authorization: `Bearer ${token}` } });
  expect(invite.status(), await invite.text()).toBe(200);
  const mails = (await (await request.get(`/dev/mail?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
  const link = /\/register\?token=(\S+)/.exec(mails[0]?.text ?? '');
  expect(link, mails[0]?.text).not.toBeNull();
  const password = 'Kitchen#2026x';
  const q = new URLSearchParams({ token: decodeURIComponent(link![1]), password, confirmPassword: password });
  const reg = await request.post(`/api/auth/register?${q.toString()}`);
  expect(reg.status(), await reg.text()).toBe(200);
  return password;
}

/**
 * Searches the accounts list and waits for the answer on screen: every row shown holds what
 * was searched. The previous list stays on screen while the search loads, and a click on one
 * of its rows (found by its e-mail, which the unfiltered first page may also show) would land
 * as the rows are replaced. Answers the rows.
 */
export async function searchAccounts(page: Page, what: string): Promise<Locator> {
  await page.getByTestId('users-search').fill(what);
  await page.getByTestId('users-search').press('Enter');
  const rows = page.getByTestId('users-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: what })).toHaveCount(0);
  return rows;
}
