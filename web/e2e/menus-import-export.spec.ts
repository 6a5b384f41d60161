import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { shared } from './helpers';
import { signInNutritionistSRP02 } from './master-data-helpers';
import { mn } from './menus-helpers';

// SRP02: the other menus tests change SRP01's dishes, and an import of an older export
// would undo their changes.
test('dishes: the export imports back with every row unchanged (SRP02, Thai)', async ({ page }) => {
  await signInNutritionistSRP02(page, '/auth/menu');
  await expect(page.getByRole('heading', { name: mn('th', 'screens.menu') })).toBeVisible();
  await expect(page.getByTestId('menus-table').locator('tbody tr.ant-table-row').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByTestId('list-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Menu_SRP02.xlsx');
  const buffer = readFileSync(await file.path());

  await page.getByTestId('list-import').click();
  const modal = page.locator('.ant-modal:visible');
  await expect(modal).toContainText(mn('th', 'io.title.Menu'));
  // the template is offered in the dialog
  const template = page.waitForEvent('download');
  await modal.getByTestId('import-template').click();
  expect((await template).suggestedFilename()).toBe('Menu_SRP02_template.xlsx');

  await modal.locator('input[type=file]').setInputFiles({ name: file.suggestedFilename(), mimeType: 'application/octet-stream', buffer });
  const sent = page.waitForResponse((r) => r.url().includes('/api/upload/menuData') && r.request().method() === 'POST');
  await modal.getByTestId('import-start').click();
  // the job is a dishes import
  expect(((await (await sent).json()) as { data: { type: string } }).data.type).toBe('Menu');
  await expect(modal.getByTestId('import-problem')).toHaveCount(0);
  await expect(page.getByTestId('import-status')).toContainText(shared('th', 'import.jobStatus.DONE'), { timeout: 30_000 });
  const result = page.getByTestId('import-result');
  const total = Number(await result.getByTestId('count-totalRows').innerText());
  expect(total).toBeGreaterThan(0);
  await expect(result.getByTestId('count-unchanged')).toHaveText(String(total));
  await expect(result.getByTestId('count-added')).toHaveText('0');
  await expect(result.getByTestId('count-updated')).toHaveText('0');
  await expect(result.getByTestId('count-skipped')).toHaveText('0');
  await expect(result).toContainText(mn('th', 'io.counts.unchanged'));
  await page.getByTestId('import-close').click();
  await expect(modal).toBeHidden();
});
