import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAs, shared } from './helpers';
import { searchAccounts, shot, stamp, u } from './users-helpers';

// Issue 7: import accounts from Excel — only adds, a duplicate e-mail refuses its row, the
// refused rows come back as a workbook with the reason; the template comes from the server.

test('import from the template: one row added (and invited), a duplicate e-mail refused and downloadable', async ({ page }) => {
  await openAs(page, 'superadmin@samrap.local', '/auth');
  await expect(page).toHaveURL(/\/auth\/users$/);
  await page.getByTestId('import-open').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toContainText(u('import.rules'));

  // the template, filled in
  const templateDownload = page.waitForEvent('download');
  await dialog.getByTestId('download-template').click();
  const template = await templateDownload;
  const dir = mkdtempSync(join(tmpdir(), 'w7-import-'));
  const templatePath = join(dir, template.suggestedFilename());
  await template.saveAs(templatePath);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(templatePath);
  const sheet = wb.worksheets[0];
  let header = 1;
  sheet.eachRow((row, n) => {
    if (String(row.getCell(1).value ?? '').includes('รหัสพนักงาน')) header = n;
  });
  const id = stamp();
  const email = `w7i-${id.toLowerCase()}@samrap.local`;
  const rows = [
    [`W7I${id}`, 'นำเข้า', 'ทดสอบ', 'Imported', 'Test', email, 'SRP01:BOD', ''],
    [`W7J${id}`, 'ซ้ำ', 'อีเมล', 'Duplicate', 'Email', 'superadmin@samrap.local', 'SRP01:BOD', ''],
  ];
  rows.forEach((values, i) => {
    const row = sheet.getRow(header + 1 + i);
    values.forEach((v, c) => (row.getCell(c + 1).value = v));
    row.commit();
  });
  const filePath = join(dir, 'users.xlsx');
  await wb.xlsx.writeFile(filePath);

  // a file of another kind is refused before any call
  await dialog.locator('input[type=file]').setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
  await expect(dialog.getByTestId('import-problem')).toHaveText(shared('th', 'import.unsupportedFormat', { formats: '.xlsx, .xls' }));

  await dialog.locator('input[type=file]').setInputFiles(filePath);
  await dialog.getByTestId('import-send-email').click();
  const upload = page.waitForResponse((r) => r.url().includes('/api/upload/user') && r.request().method() === 'POST');
  await dialog.getByTestId('import-start').click();
  expect((await upload).status()).toBe(200);
  await expect(dialog.getByTestId('import-progress')).toBeVisible();
  await expect(dialog.getByTestId('import-result')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('import-result')).toContainText(`${u('import.added')}1`);
  await expect(dialog.getByTestId('import-result')).toContainText(`${u('import.skipped')}1`);
  await shot(page, 'import-th');

  // the refused rows, with the reason
  const failedDownload = page.waitForEvent('download');
  await dialog.getByTestId('import-failed-rows').click();
  const failed = await failedDownload;
  const failedPath = join(dir, failed.suggestedFilename());
  await failed.saveAs(failedPath);
  const fwb = new ExcelJS.Workbook();
  await fwb.xlsx.load(readFileSync(failedPath));
  const cells: string[] = [];
  fwb.worksheets[0].eachRow((row) => row.eachCell((c) => cells.push(String(c.value ?? ''))));
  expect(cells).toContain('superadmin@samrap.local');
  expect(cells).not.toContain(email);

  await dialog.getByTestId('import-close').click(); // the dialog's own button (its ✕ is also named ปิด now)
  // the new account is listed and, with sendEmail, invited
  await searchAccounts(page, email);
  const row = page.getByTestId('users-table').locator('tbody tr.ant-table-row', { hasText: email });
  await expect(row).toContainText('SRP01');
  await expect(row.getByTestId('status-tag')).toHaveText(u('status.INVITED'));
  const mails = (await (await page.request.get(`/dev/mail?to=${encodeURIComponent(email)}`)).json()) as unknown[];
  expect(mails.length).toBe(1);
});

test('a file that is not a workbook ends the job FAILED with the reason (English)', async ({ page }) => {
  await openAs(page, 'superadmin@samrap.local', '/auth', { lang: 'en' });
  await expect(page).toHaveURL(/\/auth\/users$/);
  await page.getByTestId('import-open').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'users.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a workbook') });
  await dialog.getByTestId('import-start').click();
  await expect(dialog).toContainText(shared('en', 'import.jobStatus.FAILED'), { timeout: 30_000 });
  await expect(dialog.getByTestId('import-job-error')).not.toBeEmpty();
  await expect(dialog.getByTestId('import-result')).toHaveCount(0);
  // another file can be tried at once: the dialog starts again with no file
  await dialog.getByRole('button', { name: shared('en', 'import.again') }).click();
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByTestId('import-problem')).toHaveText(shared('en', 'import.fileRequired'));
});
