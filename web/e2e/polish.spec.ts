import { expect, test, type Page } from './fixtures';
import { openAs, text } from './helpers';

// Issue 19 items 12 and 13: sidebar labels that fit and match their page; one branch-list call a page.
// Issue 18 §9: the Thai web font shipped with the app.

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
  await openAs(page, 'nutritionist@samrap.local', '/auth');
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
  await openAs(page, 'superadmin@samrap.local', '/auth');
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

test('Thai text is drawn with the web font shipped with the app, on Login and after sign-in', async ({ page }) => {
  const fonts: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.woff2') && r.status() === 200) fonts.push(new URL(r.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.locator('form[name=login]')).toBeVisible();
  const loaded = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Noto Sans Thai Variable' && f.status === 'loaded').length;
    });
  await expect.poll(loaded).toBeGreaterThan(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Noto Sans Thai Variable"?,/);
  // self-hosted under the app (CSP font-src 'self'), only the files of what the page shows
  expect(fonts.length).toBeGreaterThan(0);
  for (const f of fonts) expect(f).toMatch(/^\/assets\/noto-sans-thai-.*\.woff2$/);

  await openAs(page, 'controller@samrap.local', '/auth/account');
  await expect(page).toHaveURL(/\/auth\/account$/);
  const title = page.getByRole('heading', { level: 3 }).first();
  await expect(title).toBeVisible();
  expect(await title.evaluate((e) => getComputedStyle(e).fontFamily)).toMatch(/^"?Noto Sans Thai Variable"?,/);
});
