import { expect, test, type Locator } from './fixtures';
import { openAs, text } from './helpers';
import { drawer, list, md, row, save, shot, signInNutritionist } from './master-data-helpers';

// Issue 19 items 3, 4, 6 and 9: meal types at 1440 px, the abbreviation chip's text colour,
// the abbreviation's two letters, and the "remove role" tooltip over the role menu.

type Box = { x: number; y: number; width: number; height: number };

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  if (!b) throw new Error('no box');
  return b;
}

/** The cells of a column (header and body) are all left of the fixed Actions column. */
async function clearOfActions(table: Locator, column: number): Promise<void> {
  const headers = table.locator('thead th');
  const actions = await box(headers.last());
  const last = await box(headers.nth(column));
  expect(last.x + last.width).toBeLessThanOrEqual(actions.x + 1);
  const cell = table.locator('tbody tr.ant-table-row').first().locator('td').nth(column);
  const c = await box(cell);
  expect(c.x + c.width).toBeLessThanOrEqual(actions.x + 1);
  // the text of the cell is drawn whole (not cut under the fixed column)
  const inner = cell.locator('div').first();
  expect(await inner.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
}

for (const lang of ['th', 'en'] as const) {
  test(`meal types at 1440 px: "last updated" is clear of the fixed Actions column (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInNutritionist(page, lang, '/auth/meal-type');
    const table = list(page, 'MealTime').locator('table');
    await expect(row(page, 'MealTime', 'MT01')).toBeVisible();
    const headers = table.locator('thead th');
    const titles = await headers.allTextContents();
    const updated = titles.findIndex((s) => s === md(lang, 'fields.updatedAt'));
    expect(updated).toBeGreaterThan(0);
    await clearOfActions(table, updated);
    await shot(page, `polish-meal-type-1440-${lang}`);
  });
}

test('a meal-type chip in the list is drawn in the chosen text colour; the abbreviation takes two letters only', async ({ page }) => {
  await signInNutritionist(page, 'th', '/auth/meal-type');
  await list(page, 'MealTime').getByTestId('list-add').click();
  await drawer(page).getByTestId('field-code').fill('MT19');
  await drawer(page).getByTestId('field-nameTh').fill('มื้อทดสอบสี');
  await drawer(page).locator('#md-MealTime_startTime').fill('23:00');
  await drawer(page).locator('#md-MealTime_startTime').press('Enter');
  await drawer(page).locator('#md-MealTime_endTime').fill('23:30');
  await drawer(page).locator('#md-MealTime_endTime').press('Enter');

  // a digit, then a third letter: each refused with the message, nothing cut, no call made
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/updateMealTime') && calls.push(r.url()));
  const abbr = drawer(page).getByTestId('field-abbreviation');
  await abbr.fill('L1');
  await save(page);
  await expect(drawer(page)).toContainText(md('th', 'form.abbreviation'));
  await abbr.fill('LSX');
  await expect(abbr).toHaveValue('LSX');
  await expect(drawer(page)).toContainText(md('th', 'form.abbreviation'));
  await shot(page, 'polish-meal-abbreviation-th');
  expect(calls).toEqual([]);
  // the server refuses "L1" too, with its own translated message
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/parameter/updateMealTime', {
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' },
    data: { branchCode: 'SRP01', code: 'MT19', nameTh: 'x', startTime: '23:00', endTime: '23:30', abbreviation: 'L1', textColor: '#000000', mealColor: '#FFFFFF' },
  });
  expect(res.status()).toBe(422);
  expect(JSON.stringify(await res.json())).toContain('exactly two letters');

  // black text on a dark meal colour (luminance alone would give white): the list keeps black
  await abbr.fill('TS');
  await drawer(page).locator('.ant-form-item', { has: page.locator('label', { hasText: new RegExp(`^${md('th', 'fields.mealColor')}$`) }) })
    .locator('.ant-color-picker-trigger').click();
  const hex = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-color-picker-hex-input input').last();
  await hex.fill('4A148C');
  await hex.press('Enter');
  await drawer(page).locator('.ant-drawer-title').click();
  const preview = drawer(page).getByTestId('meal-preview').locator('span').first();
  await expect(preview).toHaveCSS('color', 'rgb(0, 0, 0)');
  const saved = page.waitForResponse((r) => r.url().includes('/updateMealTime') && r.status() === 200);
  await save(page);
  await saved;
  const chip = row(page, 'MealTime', 'MT19').getByTestId('color-chip').filter({ hasText: /^TS$/ });
  await expect(chip).toHaveCSS('background-color', 'rgb(74, 20, 140)');
  await expect(chip).toHaveCSS('color', 'rgb(0, 0, 0)');
  await shot(page, 'polish-meal-chip-th');
});

for (const lang of ['th', 'en'] as const) {
  test(`Access rights: the "remove role" tooltip does not cover the roles of the row menu (${lang})`, async ({ page }) => {
    await openAs(page, 'branchadmin@samrap.local', '/auth', { lang });
    await expect(page).toHaveURL(/\/auth\/user-permission-branch$/);
    const row = page.getByTestId('access-table').locator('tbody tr.ant-table-row', { hasText: 'multi@samrap.local' });
    const button = row.getByTestId('row-remove-role');
    await button.hover();
    await expect(page.getByRole('tooltip', { name: text(lang, 'users', 'access.removeRole') })).toBeVisible();
    await button.click();
    const items = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
    await expect(items).toHaveCount(2);
    await expect(page.locator('.ant-tooltip:not(.ant-tooltip-hidden)')).toHaveCount(0);
    // each role of the menu is the topmost element at its centre: nothing lies over it
    for (let i = 0; i < 2; i++) {
      const b = await box(items.nth(i));
      const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('.ant-dropdown-menu-item')?.textContent ?? null, [
        b.x + b.width / 2,
        b.y + b.height / 2,
      ]);
      expect(hit).toBe(await items.nth(i).textContent());
    }
    await shot(page, `polish-remove-role-${lang}`);
    // a role picked still asks first (and is kept here: the demo account's roles stay)
    const second = (await items.nth(1).textContent()) ?? '';
    await items.nth(1).click();
    const ask = page.getByRole('dialog').filter({ has: page.getByTestId('remove-ok') });
    await expect(ask).toContainText(second);
    await expect(items).toHaveCount(0);
    await ask.getByRole('button', { name: text(lang, 'common', 'cancel') }).click();
    await expect(ask).toBeHidden();
    await expect(row.getByTestId('row-roles').locator('.ant-tag')).toHaveCount(2);
  });
}

test('the abbreviation refused in English: a digit, then a third letter, with the message', async ({ page }) => {
  await signInNutritionist(page, 'en', '/auth/meal-type');
  await list(page, 'MealTime').getByTestId('list-add').click();
  const abbr = drawer(page).getByTestId('field-abbreviation');
  await abbr.fill('L1');
  await save(page);
  await expect(drawer(page)).toContainText(md('en', 'form.abbreviation'));
  await abbr.fill('LSX');
  await expect(abbr).toHaveValue('LSX');
  await expect(drawer(page)).toContainText(md('en', 'form.abbreviation'));
  await shot(page, 'polish-meal-abbreviation-en');
});
