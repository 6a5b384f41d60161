import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { shared, text } from './helpers';
import { deleteRow, drawer, fieldError, list, md, row, save, shot, signInNutritionist, toast } from './master-data-helpers';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => join(here, '..', '..', 'pkg', 'imports', 'pipeline', 'testdata', name);

test.describe.configure({ mode: 'serial' });

test('food types: list, search, sort, add with errors, duplicate, edit, status, delete with ลบ (Thai)', async ({ page }) => {
  await signInNutritionist(page, 'th');
  await page.getByTestId('sidebar').getByText(text('th', 'layout', 'menu.masterData')).click();
  await page.getByTestId('sidebar').getByText(text('th', 'layout', 'menu.foodType')).click();
  await expect(page).toHaveURL(/\/auth\/food-type$/);
  await expect(page.getByRole('heading', { name: md('th', 'screens.foodType') })).toBeVisible();
  const dt = list(page, 'DietType');
  await expect(row(page, 'DietType', 'DT01')).toContainText('อาหารธรรมดา');
  await expect(row(page, 'DietType', 'DT01')).toContainText(/25\d\d/); // Buddhist-era year
  await shot(page, 'food-type-list-th');

  // search and sort (server side)
  await dt.getByPlaceholder(md('th', 'action.search')).fill('อ่อน');
  await dt.getByPlaceholder(md('th', 'action.search')).press('Enter');
  await expect(dt.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(row(page, 'DietType', 'DT02')).toBeVisible();
  await dt.getByPlaceholder(md('th', 'action.search')).fill('');
  // every row back (the demo's four, and any another spec added)
  await expect(row(page, 'DietType', 'DT01')).toBeVisible();
  await expect(row(page, 'DietType', 'DT04')).toBeVisible();
  const sorted = page.waitForRequest((r) => r.url().includes('/searchDietType') && r.url().includes('sortDesc=true'));
  await dt.getByRole('columnheader', { name: md('th', 'fields.code'), exact: true }).click();
  await dt.getByRole('columnheader', { name: md('th', 'fields.code'), exact: true }).click();
  await sorted;
  await expect(dt.locator('tbody tr.ant-table-row').last()).toContainText('DT01');
  await expect(dt.locator('tbody tr.ant-table-row').first()).not.toContainText('DT01');

  // add: the client's messages first, then a code with a space, then saved
  await dt.getByTestId('list-add').click();
  await expect(drawer(page)).toContainText(md('th', 'form.addTitle').replace('{{kind}}', md('th', 'kinds.DietType')));
  await save(page);
  await expect(drawer(page)).toContainText(md('th', 'form.required').replace('{{field}}', md('th', 'fields.code')));
  await expect(drawer(page)).toContainText(md('th', 'form.required').replace('{{field}}', md('th', 'fields.nameTh')));
  await drawer(page).getByTestId('field-code').fill('DT 99');
  await drawer(page).getByTestId('field-nameTh').fill('อาหารทดสอบ');
  await drawer(page).getByTestId('field-nameEn').fill('Test diet');
  await drawer(page).getByTestId('field-remark').fill('ทดสอบ');
  await save(page);
  await expect(drawer(page)).toContainText(md('th', 'form.codeInvalid'));
  await shot(page, 'food-type-form-th');
  await drawer(page).getByTestId('field-code').fill('DT99');
  await save(page);
  await expect(toast(page, md('th', 'toast.created'))).toBeVisible();
  await expect(drawer(page)).toBeHidden();
  await expect(row(page, 'DietType', 'DT99')).toContainText('อาหารทดสอบ');

  // a duplicate code: 409 said once, beside the code (no dialog besides), the form keeps
  // what was typed (issue 19 item 7)
  await dt.getByTestId('list-add').click();
  await drawer(page).getByTestId('field-code').fill('DT01');
  await drawer(page).getByTestId('field-nameTh').fill('ซ้ำ');
  const answered = page.waitForResponse((r) => r.url().includes('/parameter/updateDietType'));
  await save(page);
  expect((await answered).status()).toBe(409);
  await expect(fieldError(drawer(page), 'code')).toHaveText('รหัสนี้มีอยู่แล้วในสาขานี้');
  await shot(page, 'food-type-duplicate-th');
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  await expect(page.getByText('รหัสนี้มีอยู่แล้วในสาขานี้')).toHaveCount(1);
  await expect(drawer(page).getByTestId('field-code')).toHaveValue('DT01');
  await expect(drawer(page).getByTestId('field-nameTh')).toHaveValue('ซ้ำ');
  await drawer(page).getByRole('button', { name: md('th', 'action.cancel') }).click();

  // edit
  await row(page, 'DietType', 'DT99').getByTestId('row-edit').click();
  await expect(drawer(page).getByTestId('field-nameTh')).toHaveValue('อาหารทดสอบ');
  await drawer(page).getByTestId('field-nameTh').fill('อาหารทดสอบ (แก้ไข)');
  await save(page);
  await expect(toast(page, md('th', 'toast.updated'))).toBeVisible();
  await expect(row(page, 'DietType', 'DT99')).toContainText('อาหารทดสอบ (แก้ไข)');

  // status: asks first; cancel keeps it, confirm changes it
  const sw = row(page, 'DietType', 'DT99').getByTestId('status-switch');
  await expect(sw).toHaveAttribute('aria-checked', 'true');
  await sw.click();
  const confirm = page.locator('.ant-modal-confirm', { hasText: shared('th', 'statusConfirm.deactivateTitle') });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: shared('th', 'cancel') }).click();
  await expect(confirm).toBeHidden(); // not to click the closing dialog's button next
  await expect(sw).toHaveAttribute('aria-checked', 'true');
  await sw.click();
  await expect(confirm).toBeVisible();
  const body = page.waitForRequest((r) => r.url().includes('/parameter/updateDietType'));
  await confirm.getByRole('button', { name: shared('th', 'statusConfirm.deactivateOk') }).click();
  expect((await body).postDataJSON()).toMatchObject({ id: expect.any(Number), code: 'DT99', status: 'INACTIVE', branchCode: 'SRP01' });
  await expect(sw).toHaveAttribute('aria-checked', 'false');

  // delete: only after typing ลบ
  await deleteRow(page, 'DietType', 'DT99', 'food-type-delete-th');
  await expect(toast(page, md('th', 'toast.deleted'))).toBeVisible();
  await expect(row(page, 'DietType', 'DT99')).toHaveCount(0);
});

test('food types: export, then import with progress, counts and the failed rows (Thai)', async ({ page }) => {
  await signInNutritionist(page, 'th', '/auth/food-type');
  const dt = list(page, 'DietType');
  await expect(row(page, 'DietType', 'DT01')).toBeVisible();

  const download = page.waitForEvent('download');
  await dt.getByTestId('list-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('DietType_SRP01.xlsx');
  // through the signed link to the files bucket (docs/api.md, "Downloads"), not inline bytes
  expect(new URL(file.url()).pathname).toMatch(/^\/files\/exports\/SRP01\/master-data\/[0-9a-f]+\/DietType_SRP01\.xlsx$/);
  expect(readFileSync(await file.path()).subarray(0, 2).toString()).toBe('PK');

  // client checks: nothing is sent for a wrong file
  const uploads: string[] = [];
  page.on('request', (r) => r.url().includes('/upload/masterData') && uploads.push(r.url()));
  await dt.getByTestId('list-import').click();
  const modal = page.getByTestId('import-dialog');
  // the template (the kind's headers only, even for a list with no rows), offered in the dialog
  const template = page.waitForEvent('download');
  const templateAsked = page.waitForRequest((r) => r.url().includes('/download/masterDataType'));
  await modal.getByTestId('import-template').click();
  expect(new URL((await templateAsked).url()).searchParams.get('template')).toBe('true');
  expect((await template).suggestedFilename()).toBe('DietType_SRP01_template.xlsx');
  await modal.getByTestId('import-start').click();
  await expect(modal.getByTestId('import-problem')).toHaveText(shared('th', 'import.fileRequired'));
  await modal.locator('input[type=file]').setInputFiles({ name: 'diet.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
  await modal.getByTestId('import-start').click();
  await expect(modal.getByTestId('import-problem')).toHaveText(shared('th', 'import.unsupportedFormat', { formats: '.xlsx' }));
  await modal.locator('.ant-upload-list-item .ant-upload-list-item-action').first().click();
  await modal.locator('input[type=file]').setInputFiles({ name: 'empty.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.alloc(0) });
  await modal.getByTestId('import-start').click();
  await expect(modal.getByTestId('import-problem')).toHaveText(shared('th', 'import.emptyFile'));
  await modal.locator('input[type=file]').setInputFiles([fixture('diet_types.xlsx'), fixture('wards.xlsx')]);
  await modal.getByTestId('import-start').click();
  await expect(modal.getByTestId('import-problem')).toHaveText(shared('th', 'import.oneFile'));
  expect(uploads).toEqual([]);

  // a good file: the job runs, then its counts and the failed rows
  await page.keyboard.press('Escape');
  await dt.getByTestId('list-import').click();
  const fresh = page.getByTestId('import-dialog');
  await fresh.locator('input[type=file]').setInputFiles(fixture('diet_types.xlsx'));
  const upload = page.waitForRequest((r) => r.url().includes('/upload/masterData'));
  await fresh.getByTestId('import-start').click();
  const req = await upload;
  expect(req.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(req.headers()['authorization']).toMatch(/^Bearer /);
  const result = page.getByTestId('import-progress');
  await expect(page.getByTestId('import-status')).toContainText(shared('th', 'import.jobStatus.DONE'));
  await expect(result.getByTestId('count-added')).toHaveText('2');
  await expect(result.getByTestId('count-updated')).toHaveText('1');
  await expect(result.getByTestId('count-deleted')).toHaveText('1');
  await expect(result.getByTestId('count-skipped')).toHaveText('4');
  await expect(result.getByTestId('count-totalRows')).toHaveText('8');
  const failed = result.getByTestId('import-failed-rows');
  await expect(failed).toBeVisible();
  await shot(page, 'food-type-import-th');
  const href = await failed.getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect((await res.body()).subarray(0, 2).toString()).toBe('PK');
  // a file that is not a workbook inside: the job fails with the reason
  await page.getByRole('button', { name: shared('th', 'import.again') }).click();
  const again = page.locator('.ant-modal:visible');
  await again.locator('input[type=file]').setInputFiles(fixture('not_excel.xlsx'));
  await again.getByTestId('import-start').click();
  await expect(page.getByTestId('import-status')).toContainText(shared('th', 'import.jobStatus.FAILED'), { timeout: 30_000 });
  await expect(page.getByTestId('import-job-error')).not.toBeEmpty();
  await shot(page, 'food-type-import-failed-th');
  await page.getByTestId('import-close').click();
  // the list shows the imported rows
  await expect(row(page, 'DietType', 'FX01')).toContainText('อาหารคีโต');
  await expect(row(page, 'DietType', 'DT04')).toHaveCount(0);
});

test('English: the master-data menu, English names and Gregorian dates, a server 422 on its field', async ({ page }) => {
  await signInNutritionist(page, 'en', '/auth/cuisine-type');
  await expect(page.getByRole('heading', { name: md('en', 'screens.cuisineType') })).toBeVisible();
  await expect(row(page, 'CuisineType', 'CU01')).toContainText('Thai kitchen');
  await expect(row(page, 'CuisineType', 'CU01')).toContainText(/ 20\d\d /);
  const sidebar = page.getByTestId('sidebar');
  // the screen's group is open on arrival (a deep link opens it): no click, it would close it
  for (const key of ['foodType', 'diseaseFood', 'allergen', 'cuisineType', 'mealType', 'foodGroup', 'religionVegetarian', 'nutrientUnit', 'remarkOther', 'portion', 'trayCategory']) {
    await expect(sidebar.getByText(text('en', 'layout', `menu.${key}`), { exact: true })).toBeVisible();
  }
  await shot(page, 'cuisine-type-list-en');

  // a 422 the client cannot foresee: the server's message lands on its field, nothing typed is lost
  await page.route('**/api/parameter/updateCuisineType', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'VALIDATION', msg: 'Invalid data', data: { fields: { nameEn: 'Name taken by the kitchen system' } } }),
    }),
  );
  await list(page, 'CuisineType').getByTestId('list-add').click();
  await drawer(page).getByTestId('field-code').fill('CU09');
  await drawer(page).getByTestId('field-nameTh').fill('ครัวทดสอบ');
  await drawer(page).getByTestId('field-nameEn').fill('Test kitchen');
  await save(page);
  await expect(drawer(page)).toContainText('Name taken by the kitchen system');
  await expect(drawer(page).getByTestId('field-code')).toHaveValue('CU09');
  await expect(drawer(page).getByTestId('field-nameEn')).toHaveValue('Test kitchen');
  await shot(page, 'cuisine-type-422-en');
  await drawer(page).getByRole('button', { name: md('en', 'action.cancel') }).click();

  // an export with nothing in it (204): DATA_NOT_FOUND, no file
  await page.route('**/api/download/masterDataType**', (route) => route.fulfill({ status: 204, body: '' }));
  let downloads = 0;
  page.on('download', () => downloads++);
  await list(page, 'CuisineType').getByTestId('list-export').click();
  await expect(toast(page, md('en', 'toast.dataNotFound'))).toBeVisible();
  expect(downloads).toBe(0);
  await page.unroute('**/api/download/masterDataType**');
  await page.unroute('**/api/parameter/updateCuisineType');

  // export, and import it back: the counts in English
  const download = page.waitForEvent('download');
  await list(page, 'CuisineType').getByTestId('list-export').click();
  const file = await download;
  await list(page, 'CuisineType').getByTestId('list-import').click();
  const modal = page.locator('.ant-modal:visible');
  await modal.locator('input[type=file]').setInputFiles({ name: file.suggestedFilename(), mimeType: 'application/octet-stream', buffer: readFileSync(await file.path()) });
  await modal.getByTestId('import-start').click();
  await expect(page.getByTestId('import-status')).toContainText(shared('en', 'import.jobStatus.DONE'), { timeout: 30_000 });
  await expect(page.getByTestId('count-unchanged')).toHaveText('4');
  await shot(page, 'cuisine-type-import-en');
  await page.getByTestId('import-close').click();

  // the server's own refusal (413 over 5 MB, 422 …) is shown in the dialog in the caller's language
  await page.route('**/api/upload/masterData', (route) =>
    route.fulfill({
      status: 413,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'TOO_LARGE', msg: 'Too large', data: { fields: { file: 'The file is larger than 5 MB (server)' } } }),
    }),
  );
  await list(page, 'CuisineType').getByTestId('list-import').click();
  const refused = page.locator('.ant-modal:visible');
  await refused.locator('input[type=file]').setInputFiles({ name: 'big.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
  await refused.getByTestId('import-start').click();
  await expect(refused.getByTestId('import-problem')).toHaveText('The file is larger than 5 MB (server)');
});

test('paging: 20 rows a page, the next page asked of the server, a bigger page size', async ({ page }) => {
  await signInNutritionist(page, 'en');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (let i = 10; i < 30; i++) {
    const res = await page.request.post('/api/parameter/updateRemark', {
      headers: { Authorization: `Bearer ${token}` },
      data: { branchCode: 'SRP01', code: `RMX${i}`, nameTh: `หมายเหตุทดสอบ ${i}`, nameEn: `Test remark ${i}` },
    });
    expect(res.status()).toBe(200);
  }
  await page.goto('/auth/remark-other');
  const rm = list(page, 'Remark');
  await expect(rm.locator('tbody tr.ant-table-row')).toHaveCount(20);
  await expect(rm.locator('.ant-pagination')).toContainText(shared('en', 'list.total', { from: '1', to: '20', total: '22' }));
  const next = page.waitForRequest((r) => r.url().includes('/searchRemark') && r.url().includes('page=2') && r.url().includes('size=20'));
  await rm.locator('.ant-pagination-item-2').click();
  await next;
  await expect(rm.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(row(page, 'Remark', 'RMX29')).toBeVisible();
  await rm.locator('.ant-pagination-options .ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '50' }).click();
  await expect(rm.locator('tbody tr.ant-table-row')).toHaveCount(22);
});
