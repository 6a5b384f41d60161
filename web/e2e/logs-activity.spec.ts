import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import { shot } from './auth-helpers';
import { choose, lg, openFromSidebar, rows, signInAs } from './logs-helpers';

test.describe.configure({ mode: 'serial' });

const BRANCH_ADMIN = 'branchadmin@samrap.local';

test('a Branch Admin finds their own sign-in, filters by activity, downloads the record and finds the export (Thai)', async ({ page }) => {
  // a failed sign-in first: an entry of no branch, which a Branch Admin reads for its own staff (docs/logs.md)
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('language', 'th'));
  await page.locator('input[name=email]').fill(BRANCH_ADMIN);
  await page.locator('input[name=password]').fill('Wrong#Password1');
  const refused = page.waitForResponse((r) => r.url().includes('/auth/accessToken'));
  await page.locator('form[name=login] button[type=submit]').click();
  expect((await refused).status()).toBe(401);

  await signInAs(page, BRANCH_ADMIN, 'th');
  await expect(page).toHaveURL(/\/auth\//);
  await openFromSidebar(page, 'th', 'menu.activityRecord');
  await expect(page).toHaveURL(/\/auth\/activity-log$/);
  await expect(page.getByRole('heading', { name: lg('th', 'activity.title') })).toBeVisible();
  const list = rows(page, 'activity-table');
  const newest = list.first();
  await expect(newest.getByTestId('activity-action')).toHaveText('เข้าสู่ระบบ');
  await expect(newest.getByTestId('activity-actor')).toHaveText('D0006');
  await expect(newest).toContainText('วิไล ดูแลสาขา');
  await expect(newest).toContainText(/25\d\d/); // Buddhist-era year
  // no branch column for a Branch Admin; its own failed sign-in (no branch) is listed
  await expect(page.getByTestId('activity-table').getByRole('columnheader', { name: lg('th', 'filter.branch') })).toHaveCount(0);
  await expect(page.getByTestId('log-branch')).toHaveCount(0);
  await shot(page, 'logs-activity-th');
  await choose(page, page.getByTestId('activity-action-filter'), 'เข้าสู่ระบบไม่สำเร็จ', 'ไม่สำเร็จ');
  await expect(page).toHaveURL(/action=auth\.signInFailed/);
  await expect(list.first().getByTestId('activity-action')).toHaveText('เข้าสู่ระบบไม่สำเร็จ');
  await expect(list.first().getByTestId('activity-actor')).toHaveText(BRANCH_ADMIN);

  // the action filter, kept in the address
  await choose(page, page.getByTestId('activity-action-filter'), 'เลือก/สลับสาขาและบทบาท', 'เลือก');
  await expect(page).toHaveURL(/action=auth\.selectRole/);
  await choose(page, page.getByTestId('activity-action-filter'), /^เข้าสู่ระบบ$/, 'เข้าสู่ระบบ');
  await expect(page).toHaveURL(/action=auth\.signIn(&|$)/);
  await expect(list.first().getByTestId('activity-action')).toHaveText('เข้าสู่ระบบ');
  for (const a of await list.getByTestId('activity-action').allInnerTexts()) expect(a).toBe('เข้าสู่ระบบ');
  await page.reload();
  await expect(page.getByTestId('activity-action-filter')).toContainText('เข้าสู่ระบบ');
  await expect(list.first().getByTestId('activity-actor')).toHaveText('D0006');

  // the person search
  const searched = page.waitForResponse((r) => r.url().includes('/logs/activities') && r.url().includes('person='));
  await page.getByTestId('activity-person').fill('วิไล');
  await page.getByTestId('activity-person').press('Enter');
  await searched;
  await expect(page).toHaveURL(/q=/);
  await expect(list.first().getByTestId('activity-actor')).toHaveText('D0006');
  await expect(list.getByTestId('activity-actor').filter({ hasNotText: 'D0006' })).toHaveCount(0);

  // the workbook of what is shown
  const download = page.waitForEvent('download');
  await page.getByTestId('activity-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('activity_log.xlsx');
  expect(new URL(file.url()).pathname).toContain('/files/exports/SRP01/activity-log/');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync((await file.path())!));
  const lines: string[][] = [];
  wb.worksheets[0].eachRow((r) => lines.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  expect(lines[0].slice(0, 5)).toEqual(['วันเวลา / When', 'สาขา / Branch', 'ผู้ทำรายการ / Actor', 'ชื่อ / Name', 'กิจกรรม / Action']);
  expect(lines.length).toBeGreaterThan(1);
  for (const l of lines.slice(1)) expect([l[1], l[2], l[4]]).toEqual(['SRP01', 'D0006', 'เข้าสู่ระบบ']);

  // the export is itself in the record
  await page.goto('/auth/activity-log');
  await expect(list.first().getByTestId('activity-action')).toHaveText('ส่งออกบันทึกกิจกรรม');
  await expect(list.first()).toContainText('จำนวนแถว: ' + String(lines.length - 1));
});

test('a Super Admin reads every branch, the failed sign-in too, and narrows to one branch (English)', async ({ page }) => {
  await signInAs(page, 'superadmin@samrap.local', 'en');
  await expect(page).toHaveURL(/\/auth\//);
  await openFromSidebar(page, 'en', 'menu.activityRecord');
  await expect(page.getByRole('heading', { name: lg('en', 'activity.title') })).toBeVisible();
  const list = rows(page, 'activity-table');
  await expect(list.first().getByTestId('activity-action')).toHaveText('Signed in');
  await expect(list.first().getByTestId('activity-actor')).toHaveText('D0005');

  await choose(page, page.getByTestId('activity-action-filter'), 'Sign-in failed', 'Sign-in');
  await expect(list.first().getByTestId('activity-actor')).toHaveText(BRANCH_ADMIN);
  await expect(list.first()).toContainText(lg('en', 'filter.noBranch'));
  await shot(page, 'logs-activity-sam-en');

  // SRP01 only: the failed sign-in (no branch) is gone, every row is SRP01's
  await choose(page, page.getByTestId('activity-action-filter'), 'All activities', 'All');
  await expect(list.getByText(lg('en', 'filter.noBranch'))).not.toHaveCount(0);
  await choose(page, page.getByTestId('log-branch'), 'SRP01');
  await expect(page).toHaveURL(/branch=SRP01/);
  await expect(list.getByText(lg('en', 'filter.noBranch'))).toHaveCount(0);
  await expect(list.first().getByTestId('activity-action')).toHaveText('Signed in');
  await expect(list.getByTestId('entry-branch').filter({ hasNotText: 'SRP01' })).toHaveCount(0);
});
