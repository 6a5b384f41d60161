import { expect, test } from './fixtures';
import { openAs, shared } from './helpers';
import { drawer, list, row, signInNutritionist } from './master-data-helpers';
import { createAccount, stamp, tokenOf } from './users-helpers';

// Issue 19, the screen polish that lives in the shared pieces: the layout and the lists keep
// their sidebar and table header in view, a status tag stays in its column, and a form's
// drawer never throws an edit away on a stray Escape.

test('a long list keeps the sidebar and the table header in view; a long status tag stays in its column (English)', async ({ page }) => {
  await openAs(page, 'superadmin@samrap.local', '/auth', { lang: 'en' });
  await expect(page).toHaveURL(/\/auth\/users$/);

  // "Waiting for confirmation" (an account invited, not yet registered) wraps inside the status column
  const email = `sp-${stamp().toLowerCase()}@samrap.local`;
  const id = await createAccount(page.request, { email, employeeCode: `SP${stamp()}`.slice(0, 20) });
  const token = await tokenOf(page.request, 'superadmin@samrap.local');
  const invite = await page.request.post(`/api/auth/inviteToUser?userId=${id}&inviteBy=D0005`, { headers: { Authorization: `Bearer ${token}` } });
  expect(invite.status(), await invite.text()).toBe(200);
  await page.goto(`/auth/users?q=${encodeURIComponent(email)}&status=INVITED`);
  const table = page.getByTestId('users-table');
  const invited = table.locator('tbody tr.ant-table-row', { hasText: email });
  const tag = invited.getByTestId('status-tag');
  await expect(tag).toHaveText('Waiting for confirmation');
  const tagBox = (await tag.boundingBox())!;
  const cells = invited.locator('td');
  const statusIndex = await table.locator('thead th').evaluateAll((ths) => ths.findIndex((th) => th.textContent?.trim() === 'Status'));
  expect(statusIndex).toBeGreaterThan(0);
  const cellBox = (await cells.nth(statusIndex).boundingBox())!;
  const nextBox = (await cells.nth(statusIndex + 1).boundingBox())!;
  expect(tagBox.x + tagBox.width).toBeLessThanOrEqual(cellBox.x + cellBox.width + 0.5);
  expect(tagBox.x + tagBox.width).toBeLessThanOrEqual(nextBox.x + 0.5);

  // a page longer than the window: scrolled to its end, the sidebar and the header row stay
  await page.setViewportSize({ width: 1280, height: 420 });
  await page.goto('/auth/users?size=50');
  await expect(table.locator('tbody tr.ant-table-row').nth(5)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(150);
  const sidebar = (await page.getByTestId('sidebar').boundingBox())!;
  expect(sidebar.y).toBeGreaterThanOrEqual(0);
  expect(sidebar.y).toBeLessThan(120);
  const header = (await table.locator('.ant-table-thead').first().boundingBox())!;
  expect(header.y).toBeGreaterThanOrEqual(60);
  expect(header.y).toBeLessThan(130);
  await expect(table.getByRole('columnheader', { name: 'Status', exact: true })).toBeInViewport();
});

test('Escape in the colour picker closes the picker only; a changed drawer asks before closing, an unchanged one does not', async ({ page }) => {
  await signInNutritionist(page, 'th', '/auth/meal-type');
  await row(page, 'MealTime', 'MT01').getByTestId('row-edit').click();
  const name = drawer(page).getByTestId('field-nameTh');
  await expect(name).not.toHaveValue('');
  // unchanged: Escape closes at once
  await drawer(page).locator('.ant-drawer-title').click();
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toBeHidden();

  await row(page, 'MealTime', 'MT01').getByTestId('row-edit').click();
  await name.fill('มื้อเช้า (ยังไม่บันทึก)');
  await drawer(page).locator('.ant-color-picker-trigger').last().click(); // the meal colour
  const hex = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-color-picker-hex-input input').last();
  await hex.click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-popover:not(.ant-popover-hidden) .ant-color-picker-hex-input')).toHaveCount(0);
  await expect(drawer(page)).toBeVisible();
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  await expect(name).toHaveValue('มื้อเช้า (ยังไม่บันทึก)');

  // Escape on the changed drawer: asked; "keep editing" keeps it all
  await drawer(page).locator('.ant-drawer-title').click();
  await page.keyboard.press('Escape');
  const ask = page.locator('.ant-modal-confirm', { hasText: shared('th', 'unsaved.title') });
  await expect(ask).toBeVisible();
  await ask.getByTestId('unsaved-keep').click();
  await expect(ask).toBeHidden();
  await expect(name).toHaveValue('มื้อเช้า (ยังไม่บันทึก)');
  // the ✕: asked again; "close without saving" discards
  await drawer(page).locator('.ant-drawer-close').click();
  await ask.getByTestId('unsaved-discard').click();
  await expect(drawer(page)).toBeHidden();
  await expect(row(page, 'MealTime', 'MT01')).not.toContainText('ยังไม่บันทึก');
  await expect(list(page, 'MealTime')).toBeVisible();
});
