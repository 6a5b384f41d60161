import { expect, test, type Page } from './fixtures';
import { shared } from './helpers';
import { signInNutritionist, toast } from './master-data-helpers';
import { codeRow, fieldError, mn, pick } from './menus-helpers';

/** Fills the round form's code, names and a loop of `days` days starting today. */
async function fillRound(page: Page, code: string, days: number): Promise<void> {
  const drawer = page.getByTestId('cycle-drawer');
  await drawer.getByTestId('field-code').fill(code);
  await drawer.getByTestId('field-nameTh').fill(`รอบทดสอบ ${code}`);
  await drawer.getByTestId('field-nameEn').fill(`Test round ${code}`);
  await drawer.getByTestId('field-roundType').getByText(mn('th', 'cycle.LOOP')).click();
  await drawer.getByTestId('field-dayCount').fill(String(days));
  await drawer.locator('#cycle_startDate').click();
  const picker = page.locator('.ant-picker-dropdown:visible');
  // the calendar's year is Buddhist era in Thai, as the field is
  await expect(picker.locator('.ant-picker-year-btn')).toHaveText(/^25\d\d$/);
  await picker.locator('.ant-picker-footer').getByText('วันนี้').click();
  await expect(drawer.locator('#cycle_startDate')).not.toHaveValue('');
}

test('a round overlapping the active weekly round is refused beside its dates, naming it; saved inactive it is kept (Thai)', async ({ page }) => {
  await signInNutritionist(page, 'th', '/auth/cycle-menu');
  await expect(page.getByRole('heading', { name: mn('th', 'screens.cycle') })).toBeVisible();
  await expect(codeRow(page, 'cycles-table', 'CY-WEEK')).toContainText(mn('th', 'cycle.WEEKDAY'));

  await page.getByTestId('list-add').click();
  const drawer = page.getByTestId('cycle-drawer');
  await fillRound(page, 'CY-E2E1', 5);
  // the start shows a Buddhist-era year in Thai
  await expect(drawer.locator('#cycle_startDate')).toHaveValue(/\/25\d\d$/);
  await expect(drawer.getByTestId('field-active')).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().includes('/api/parameter/updateCycle'));
  await drawer.getByTestId('form-save').click();
  expect((await saved).status()).toBe(409);

  // beside the dates: the server's sentence naming the other round, and that round with its dates
  await expect(fieldError(drawer, 'startDate')).toContainText('CY-WEEK');
  await expect(fieldError(drawer, 'startDate')).toContainText('รอบเมนูตามวันในสัปดาห์');
  await expect(fieldError(drawer, 'endDate')).toBeVisible();
  const overlap = drawer.getByTestId('cycle-overlap');
  await expect(overlap).toContainText(mn('th', 'cycle.overlapTitle'));
  await expect(overlap).toContainText('CY-WEEK · รอบเมนูตามวันในสัปดาห์');
  await expect(overlap).toContainText(/1 ม\.ค\. 25\d\d – 31 ธ\.ค\. 25\d\d/);
  // what was typed stays
  await expect(drawer.getByTestId('field-code')).toHaveValue('CY-E2E1');

  // inactive, it may share the dates
  await drawer.getByTestId('field-active').click();
  await expect(overlap).toHaveCount(0);
  await drawer.getByTestId('form-save').click();
  await expect(toast(page, mn('th', 'toast.created'))).toBeVisible();
  const mine = codeRow(page, 'cycles-table', 'CY-E2E1');
  await expect(mine).toContainText(mn('th', 'cycle.openEnded'));
  await expect(mine.getByTestId('status-switch')).not.toBeChecked();

  // activating it from the list is refused the same way, in a dialog naming the other round
  await mine.getByTestId('status-switch').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: shared('th', 'statusConfirm.activateOk') }).click();
  await expect(page.locator('.ant-modal-confirm-error')).toContainText('CY-WEEK');
  await page.locator('.ant-modal-confirm-error').getByRole('button').click();
  await expect(mine.getByTestId('status-switch')).not.toBeChecked();
});

test('the round grid: days × meal types on their colours; a cell filled with a dish and a set, a duplicate refused, one taken out (Thai)', async ({ page }) => {
  await signInNutritionist(page, 'th', '/auth/cycle-menu');
  await page.getByTestId('list-add').click();
  const drawer = page.getByTestId('cycle-drawer');
  await fillRound(page, 'CY-E2E2', 3);
  await drawer.getByTestId('field-active').click();
  await drawer.getByTestId('form-save').click();
  await expect(toast(page, mn('th', 'toast.created'))).toBeVisible();

  await codeRow(page, 'cycles-table', 'CY-E2E2').getByTestId('row-grid').click();
  await expect(page.getByRole('heading', { name: mn('th', 'grid.title', { name: 'รอบทดสอบ CY-E2E2' }) })).toBeVisible();
  const grid = page.getByTestId('cycle-grid');
  // a row per day of the loop, a column per meal type on its colours (demo: breakfast light yellow, dinner dark blue)
  await expect(grid.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(grid.locator('tbody tr.ant-table-row').nth(2)).toContainText(mn('th', 'grid.day', { n: 3 }));
  await expect(grid.getByTestId('meal-header-MT01')).toHaveCSS('background-color', 'rgb(255, 224, 138)');
  await expect(grid.getByTestId('meal-header-MT03')).toHaveCSS('background-color', 'rgb(21, 101, 192)');
  await expect(grid.getByTestId('meal-header-MT03')).toHaveCSS('color', 'rgb(255, 255, 255)');

  // day 2, dinner: steamed jasmine rice
  const cell = grid.getByTestId('cell-2-MT03');
  await expect(cell.getByTestId('cell-item')).toHaveCount(0);
  await cell.getByTestId('cell-add').click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('cell-kind') });
  await expect(dialog).toContainText(mn('th', 'grid.cellTitle', { day: mn('th', 'grid.day', { n: 2 }), meal: 'มื้อเย็น' }));
  await pick(page, dialog.getByTestId('cell-menu'), 'M004 · ข้าวสวยหอมมะลิ');
  const sent = page.waitForRequest((r) => r.url().includes('/api/parameter/updateCycleMenu'));
  await page.getByTestId('cell-save').click();
  expect((await sent).postDataJSON()).toMatchObject({ dayNo: 2, menuSetId: null, menuId: expect.any(Number) });
  await expect(toast(page, mn('th', 'toast.created'))).toBeVisible();
  await expect(cell.getByTestId('cell-item')).toHaveText(['ข้าวสวยหอมมะลิ']);

  // and a set in the same cell
  await cell.getByTestId('cell-add').click();
  await dialog.getByTestId('cell-kind').getByText(mn('th', 'grid.set')).click();
  await pick(page, dialog.getByTestId('cell-set'), 'SET03 · ชุดอาหารอ่อน ก');
  await page.getByTestId('cell-save').click();
  await expect(cell.getByTestId('cell-item')).toHaveText(['ข้าวสวยหอมมะลิ', `${mn('th', 'grid.set')}: ชุดอาหารอ่อน ก`]);
  // other cells stay empty
  await expect(grid.getByTestId('cell-1-MT03').getByTestId('cell-item')).toHaveCount(0);

  // the same dish twice in a cell: the server's refusal in the dialog, which stays open
  await cell.getByTestId('cell-add').click();
  await pick(page, dialog.getByTestId('cell-menu'), 'M004 · ข้าวสวยหอมมะลิ');
  await page.getByTestId('cell-save').click();
  await expect(dialog.getByTestId('cell-error')).toContainText('มีอยู่แล้ว');
  await dialog.getByRole('button', { name: mn('th', 'action.cancel') }).click();

  // taken out by typing ลบ
  await cell.getByTestId('cell-item').filter({ hasText: 'ข้าวสวยหอมมะลิ' }).locator('.ant-tag-close-icon').click();
  const confirm = page.getByRole('dialog').filter({ has: page.getByTestId('delete-word') });
  await expect(confirm.getByTestId('delete-confirm-ok')).toBeDisabled();
  await confirm.getByTestId('delete-word').fill('ลบ');
  await confirm.getByTestId('delete-confirm-ok').click();
  await expect(cell.getByTestId('cell-item')).toHaveText([`${mn('th', 'grid.set')}: ชุดอาหารอ่อน ก`]);

  // back to the rounds: it counts its contents
  await page.getByTestId('grid-back').click();
  // code, name, status, round type, days, start, end, contents
  await expect(codeRow(page, 'cycles-table', 'CY-E2E2').locator('td').nth(7)).toHaveText('1');
});
