import { expect, test } from './fixtures';
import { storeSession, text } from './helpers';
import { choose, drawer, fieldError, list, md, row, save, signInNutritionist, toast } from './master-data-helpers';
import { dishCard, nextWeekday, openForm, orderRow, ORDER_TAKER } from './orders-helpers';

// Issue 27: the Nutritionist's targets (master data) and the order form's warning when a tray
// takes a patient over one: the figures, never a block.

const c = (key: string, values: Record<string, string> = {}): string =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text('th', 'components', key));

test('the Nutritionist adds a target, and a second range of the same nutrient is refused on the nutrient', async ({ page }) => {
  await signInNutritionist(page, 'th', '/auth/nutrient-targets');
  await expect(page.getByRole('heading', { name: md('th', 'screens.nutrientTargets') })).toBeVisible();
  // the demo's diabetic carbohydrate range, per day and per meal, with its unit
  await expect(row(page, 'NutrientTarget', 'NT-TF01-CH')).toContainText('200 g');
  await expect(row(page, 'NutrientTarget', 'NT-TF01-CH')).toContainText('60 g');

  await list(page, 'NutrientTarget').getByTestId('list-add').click();
  await drawer(page).getByTestId('field-code').fill('NT-TF01-SU');
  await choose(page, drawer(page).getByTestId('field-therapeuticId'), 'TF01');
  await choose(page, drawer(page).getByTestId('field-nutrient'), md('th', 'options.nutrient.sugar'));
  await drawer(page).getByTestId('field-dailyMax').fill('25');
  await save(page);
  await expect(toast(page, md('th', 'toast.created'))).toBeVisible();
  await expect(row(page, 'NutrientTarget', 'NT-TF01-SU')).toContainText('25 g');

  // the same nutrient for the same therapeutic food: 409, told beside the nutrient
  await list(page, 'NutrientTarget').getByTestId('list-add').click();
  await drawer(page).getByTestId('field-code').fill('NT-TF01-SU2');
  await choose(page, drawer(page).getByTestId('field-therapeuticId'), 'TF01');
  await choose(page, drawer(page).getByTestId('field-nutrient'), md('th', 'options.nutrient.sugar'));
  await drawer(page).getByTestId('field-dailyMax').fill('30');
  const answered = page.waitForResponse((r) => r.url().includes('/parameter/updateNutrientTarget'));
  await save(page);
  expect((await answered).status()).toBe(409);
  await expect(fieldError(drawer(page), 'nutrient')).toHaveText('มีเป้าหมายของสารอาหารนี้สำหรับประเภทอาหารหรืออาหารเฉพาะโรคนี้แล้ว');
});

test("the order form shows a diabetic patient's day and warns, with the figures, of a tray over the meal's carbohydrate", async ({ page }) => {
  await storeSession(page, ORDER_TAKER);
  // SRP01-HN10002: regular diet and diabetic (TF01: at most 60 g of carbohydrate a meal);
  // Sunday's lunch has Hainanese chicken rice (M031: 72 g)
  const row = await orderRow(page, nextWeekday(7), 'SRP01-HN10002');
  const form = await openForm(page, row, 'MT02');
  const panel = form.getByTestId('tray-nutrition');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(c('nutrition.names.carbohydrate'));
  await expect(form.getByTestId('nutrition-warning')).toHaveCount(0);
  await dishCard(form, 'M031').click();
  const warning = form.getByTestId('nutrition-warning');
  await expect(warning).toContainText(
    c('nutrition.overMeal', { nutrient: c('nutrition.names.carbohydrate'), total: '72 g', max: '60 g' }),
  );
  // a warning, not a block: the order can still be sent
  await expect(form.getByTestId('order-submit')).toBeEnabled();
});

test('the Nutritionist checks the weekly round against the regular diet and sees the days out of range named', async ({ page }) => {
  await signInNutritionist(page, 'th', '/auth/cycle-menu');
  const round = page.getByTestId('cycles-table').locator('tbody tr.ant-table-row', { hasText: 'CY-WEEK' });
  await round.getByTestId('row-analysis').click();
  const drawerEl = page.getByTestId('cycle-analysis');
  await expect(drawerEl).toBeVisible();
  await choose(page, drawerEl.getByTestId('analysis-diet'), 'DT01');
  // the demo's weekday lunches and dinners give a regular diet less energy than its 1,600 kcal a day
  await expect(drawerEl.getByTestId('analysis-out')).toContainText(text('th', 'menus', 'weekday.1'));
  await expect(drawerEl.locator('tbody tr.ant-table-row')).toHaveCount(7);
});
