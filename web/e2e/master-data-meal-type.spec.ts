import { expect, test, type Locator, type Page } from './fixtures';
import { drawer, list, md, row, save, shot, signInNutritionist, toast } from './master-data-helpers';

const BLACK = 'rgb(0, 0, 0)';
const WHITE = 'rgb(255, 255, 255)';

function formItem(page: Page, label: string): Locator {
  return drawer(page).locator('.ant-form-item', { has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });
}

/** Closes a picker's popup by clicking the drawer's title (Escape would close the drawer). */
async function closePopup(page: Page): Promise<void> {
  await drawer(page).locator('.ant-drawer-title').click();
}

async function pickColor(page: Page, label: string, hex: string): Promise<void> {
  await formItem(page, label).locator('.ant-color-picker-trigger').click();
  const input = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-color-picker-hex-input input').last();
  await input.fill(hex);
  await input.press('Enter');
  await closePopup(page);
}

test('meal types: colour chips by luminance, time pickers 0–23 h in 5-minute steps, abbreviation and times checked (Thai)', async ({ page }) => {
  await signInNutritionist(page, 'th', '/auth/meal-type');
  await expect(page.getByRole('heading', { name: md('th', 'screens.mealType') })).toBeVisible();

  // demo: breakfast on a light yellow (#FFE08A, luminance ≈ 223) and dinner on a dark blue (#1565C0)
  const breakfast = row(page, 'MealTime', 'MT01');
  await expect(breakfast).toContainText('06:00');
  await expect(breakfast).toContainText('09:00');
  const chips = breakfast.getByTestId('color-chip');
  await expect(chips.filter({ hasText: '#FFE08A' })).toHaveCSS('color', BLACK);
  await expect(chips.filter({ hasText: '#FFE08A' })).toHaveCSS('background-color', 'rgb(255, 224, 138)');
  // the text colour has no column of its own: the abbreviation chip is drawn in it
  await expect(chips.filter({ hasText: /^BF$/ })).toHaveCSS('color', BLACK);
  await expect(chips.filter({ hasText: '#000000' })).toHaveCount(0);
  await expect(row(page, 'MealTime', 'MT03').getByTestId('color-chip').filter({ hasText: '#1565C0' })).toHaveCSS('color', WHITE);
  await expect(row(page, 'MealTime', 'MT03').getByTestId('color-chip').filter({ hasText: 'DN' })).toHaveCSS('color', WHITE);
  await shot(page, 'meal-type-list-th');

  await list(page, 'MealTime').getByTestId('list-add').click();
  await drawer(page).getByTestId('field-code').fill('MT09');
  await drawer(page).getByTestId('field-nameTh').fill('มื้อดึก');
  await drawer(page).getByTestId('field-nameEn').fill('Late supper');

  // the start-time picker: hours 00–23, minutes every 5
  await drawer(page).locator('#md-MealTime_startTime').click();
  const panel = page.locator('.md-time-startTime:visible');
  const columns = panel.locator('.ant-picker-time-panel-column');
  await expect(columns.nth(0).locator('li')).toHaveCount(24);
  await expect(columns.nth(0).locator('li').last()).toHaveText('23');
  await expect(columns.nth(1).locator('li')).toHaveCount(12);
  await expect(columns.nth(1).locator('li').nth(1)).toHaveText('05');
  await shot(page, 'meal-type-time-picker-th');
  await columns.nth(0).locator('li', { hasText: /^21$/ }).click();
  await columns.nth(1).locator('li', { hasText: /^30$/ }).click();
  await closePopup(page);
  await expect(drawer(page).locator('#md-MealTime_startTime')).toHaveValue('21:30');

  // an end before the start, and a one-letter abbreviation, are refused before any call
  await drawer(page).locator('#md-MealTime_endTime').fill('20:00');
  await drawer(page).locator('#md-MealTime_endTime').press('Enter');
  await drawer(page).getByTestId('field-abbreviation').fill('L');
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/updateMealTime') && calls.push(r.url()));
  await save(page);
  await expect(drawer(page)).toContainText(md('th', 'form.endAfterStart'));
  await expect(drawer(page)).toContainText(md('th', 'form.abbreviation'));
  expect(calls).toEqual([]);
  await drawer(page).locator('#md-MealTime_endTime').fill('23:00');
  await drawer(page).locator('#md-MealTime_endTime').press('Enter');
  await drawer(page).getByTestId('field-abbreviation').fill('LS');

  // colours: a dark meal colour with white text; the preview shows both
  await pickColor(page, md('th', 'fields.textColor'), 'FFFFFF');
  await pickColor(page, md('th', 'fields.mealColor'), '4A148C');
  await expect(drawer(page).getByTestId('meal-preview')).toContainText('LS มื้อดึก');
  await shot(page, 'meal-type-form-th');
  const body = page.waitForRequest((r) => r.url().includes('/updateMealTime'));
  await save(page);
  expect((await body).postDataJSON()).toMatchObject({
    code: 'MT09', startTime: '21:30', endTime: '23:00', abbreviation: 'LS', textColor: '#FFFFFF', mealColor: '#4A148C',
  });
  await expect(toast(page, md('th', 'toast.created'))).toBeVisible();
  const added = row(page, 'MealTime', 'MT09');
  await expect(added).toContainText('21:30');
  await expect(added.getByTestId('color-chip').filter({ hasText: '#4A148C' })).toHaveCSS('color', WHITE);
  await expect(added.getByTestId('color-chip').filter({ hasText: /^LS$/ })).toHaveCSS('color', WHITE);

  // edit keeps the stored times and colours in the pickers
  await added.getByTestId('row-edit').click();
  await expect(drawer(page).locator('#md-MealTime_startTime')).toHaveValue('21:30');
  await expect(formItem(page, md('th', 'fields.mealColor'))).toContainText('#4A148C');
});

test('meal types in English', async ({ page }) => {
  await signInNutritionist(page, 'en', '/auth/meal-type');
  await expect(row(page, 'MealTime', 'MT02')).toContainText('Lunch');
  await expect(page.getByRole('columnheader', { name: md('en', 'fields.mealColor') })).toBeVisible();
  await shot(page, 'meal-type-list-en');
  await row(page, 'MealTime', 'MT02').getByTestId('row-edit').click();
  await expect(drawer(page)).toContainText('Edit meal type');
  await shot(page, 'meal-type-form-en');
});
