import { expect, test, type Page } from '@playwright/test';
import { signIn, text } from './helpers';

// Issue 19 items 12 and 13: sidebar labels that fit and match their page; one branch-list call a page.

/** The sidebar labels cut with "…" (their text wider than their box), every group opened. */
async function cutLabels(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  const closed = sidebar.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await closed.count()) > 0) await closed.first().click();
  await expect(sidebar.locator('.ant-menu-submenu-inline .ant-menu-sub.ant-menu-hidden')).toHaveCount(0);
  return sidebar.locator('.ant-menu-title-content').evaluateAll((els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''),
  );
}

test('a Nutritionist\'s sidebar labels fit, in Thai and English; the allergen item is named as its page', async ({ page }) => {
  await signIn(page, 'nutritionist@samrap.local');
  await expect(page).toHaveURL(/\/auth\/room-and-ward$/);
  expect(await cutLabels(page)).toEqual([]);
  const item = page.getByTestId('sidebar').getByRole('menuitem', { name: text('th', 'layout', 'menu.allergen'), exact: true });
  await item.click();
  await expect(page).toHaveURL(/\/auth\/allergen-restricted$/);
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(text('th', 'layout', 'menu.allergen'));

  const toEnglish = page.waitForResponse((r) => r.url().includes('/api/auth/updateLanguage'));
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: text('th', 'common', 'languages.en') }).click();
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(text('en', 'layout', 'menu.allergen'));
  await toEnglish;
  expect(await cutLabels(page)).toEqual([]);
  // the choice is saved on the shared demo account: back to Thai for the other tests
  const saved = page.waitForResponse((r) => r.url().includes('/api/auth/updateLanguage'));
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: text('en', 'common', 'languages.th') }).click();
  expect((await saved).request().postDataJSON()).toEqual({ language: 'th' });
});

test('a page load asks for the branch list once', async ({ page }) => {
  await signIn(page, 'superadmin@samrap.local');
  await expect(page).toHaveURL(/\/auth\/users$/);
  await expect(page.getByTestId('users-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/parameter/branches') calls.push(r.url());
  });
  await page.reload();
  await expect(page.getByTestId('users-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  // the screens after it are read from the cache
  await page.getByTestId('sidebar').getByRole('menuitem', { name: text('th', 'layout', 'menu.branches'), exact: true }).click();
  await expect(page.getByTestId('branches-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.getByTestId('sidebar').getByRole('menuitem', { name: text('th', 'layout', 'account') }).click();
  await expect(page).toHaveURL(/\/auth\/account$/);
  await expect(page.getByTestId('account-profile')).toBeVisible();
  expect(calls).toHaveLength(1);
});
