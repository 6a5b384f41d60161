import { expect, test } from './fixtures';
import { openAs, text } from './helpers';

test('a server error shows "Something went wrong (code: N)" with the server msg; Got It reloads', async ({ page }) => {
  await openAs(page, 'controller@samrap.local', '/auth/account');
  await expect(page).toHaveURL(/\/auth\/account$/);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  // Every call fails until the notice is up (a count of one could be spent on a call still in
  // flight from the page before the reload), then the server answers again.
  const unavailable = '**/api/parameter/branches';
  await page.route(unavailable, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"INTERNAL","msg":"database unavailable","data":null}' }),
  );
  await page.reload();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Something went wrong (code: 503)');
  await expect(dialog).toContainText('database unavailable');
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await page.unroute(unavailable);
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Got It' }).click();
  await reloaded;
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth\/account$/);
});

test('a call that cannot reach the server shows the network-problem notice, session kept', async ({ page }) => {
  await openAs(page, 'controller@samrap.local', '/auth/account');
  await expect(page).toHaveURL(/\/auth\/account$/);
  await page.route('**/api/parameter/branches', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByRole('dialog')).toContainText(text('th', 'errors', 'network.title'));
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
});

test('below the smallest supported width the screen-size notice covers the app', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/login');
  await expect(page.getByTestId('screen-size-notice')).toContainText(text('th', 'common', 'screenSize.title'));
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByTestId('screen-size-notice')).toHaveCount(0);
  await expect(page.locator('form[name=login]')).toBeVisible();
});
