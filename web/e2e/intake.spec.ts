import { expect, test, type Page } from './fixtures';
import { apiSignIn } from './auth-helpers';
import { choose } from './logs-helpers';
import { openAs, text } from './helpers';
import { signInNutritionist } from './master-data-helpers';
import { bangkokToday } from './orders-helpers';
import { data, orderTrays } from './trays-helpers';

// What the patient ate (issue 27 §3): a Serve user collects a served tray on a phone — the
// card scanned again (a keyboard wedge), then one tap on how much was eaten — and corrects it;
// the Nutritionist sees the day's intake against the target on the patient's drawer.

const s = (key: string, values: Record<string, string> = {}): string =>
  Object.entries(values).reduce((x, [k, v]) => x.replace(`{{${k}}}`, v), text('th', 'serve', key));
const n = (key: string, values: Record<string, string> = {}): string =>
  Object.entries(values).reduce((x, [k, v]) => x.replace(`{{${k}}}`, v), text('th', 'nutrition', key));

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function fitsPhone(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('a Serve user collects a tray in two taps on a phone, and the Nutritionist sees the intake', async ({ page, request, browser, baseURL }) => {
  const [tray] = await orderTrays(request, 1, { meals: ['MT01', 'MT02', 'MT04'], description: 'ข้าวต้ม (e2e intake)' });
  const headers = { Authorization: `Bearer ${await apiSignIn(request, 'serve@samrap.local')}` };
  await data(
    await request.post('/api/serve/update', {
      headers,
      data: { branchCode: 'SRP01', token: tray.token, wristband: tray.hn, action: 'SERVED', deviceId: 'e2e', requestId: crypto.randomUUID() },
    }),
  );

  // served, not collected: in the list of trays not scanned
  await openAs(page, 'serve@samrap.local', '/auth/serve/collect');
  await page.getByRole('tab', { name: s('collect.tabList') }).tap();
  await expect(page.getByTestId('collect-list-tray').filter({ hasText: tray.hn })).toHaveCount(1);
  await fitsPhone(page);

  // the serve list leads to the collect step, the card's field ready for the scanner
  await page.goto('/auth/serve');
  await page.getByTestId('serve-collect').click();
  await expect(page).toHaveURL(/\/auth\/serve\/collect$/);
  const card = page.getByTestId('collect-card');
  await expect(card).toBeFocused();
  await fitsPhone(page);

  // the card scanned again (a wedge types it, then Enter), then one tap: half eaten
  await page.keyboard.type(tray.token, { delay: 2 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('collect-patient')).toContainText(tray.hn);
  await fitsPhone(page);
  await page.getByTestId('eaten-HALF').tap();
  await expect(page.getByTestId('collect-done')).toHaveText(s('collect.recorded', { eaten: s('collect.eaten.HALF') }));
  await expect(page.getByTestId('collect-next')).toBeFocused();

  // a correction: the amount kept is shown pressed; another tap replaces it
  await page.getByTestId('collect-change').tap();
  await expect(page.getByTestId('eaten-HALF')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('eaten-NONE').tap();
  await expect(page.getByTestId('collect-done')).toHaveText(s('collect.corrected', { eaten: s('collect.eaten.NONE') }));
  await fitsPhone(page);

  // collected: no longer in the list of trays not scanned
  await page.getByTestId('collect-next').tap();
  await expect(page.getByTestId('collect-card')).toBeFocused();
  await page.getByRole('tab', { name: s('collect.tabList') }).tap();
  await expect(page.getByTestId('collect-list-tray').filter({ hasText: tray.hn })).toHaveCount(0);

  // the Nutritionist: today's row of the patient's intake, in words
  const ctx = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const nutri = await ctx.newPage();
  await signInNutritionist(nutri, 'th', '/auth/nutrition');
  await nutri.getByTestId('nutrition-search').fill(tray.hn);
  await nutri.getByTestId('nutrition-search').press('Enter');
  const row = nutri.getByTestId('nutrition-table').locator('tbody tr.ant-table-row', { hasText: tray.hn });
  await expect(row).toHaveCount(1);
  // one ward: the patient's own lists it, another does not, every ward again does
  const ward = (await row.locator('td').first().textContent())!.split(' · ')[0].trim();
  const other = ward === 'W01' ? 'W02' : 'W01';
  await choose(nutri, nutri.getByTestId('nutrition-ward'), new RegExp(`\\b${other}\\b`), other);
  await expect(row).toHaveCount(0);
  await choose(nutri, nutri.getByTestId('nutrition-ward'), new RegExp(`\\b${ward}\\b`), ward);
  await expect(row).toHaveCount(1);
  await choose(nutri, nutri.getByTestId('nutrition-ward'), n('allWards'));
  await expect(row).toHaveCount(1);
  await row.getByTestId('edit-targets').click();
  const chart = nutri.getByTestId('intake-chart');
  await expect(chart.getByTestId('intake-svg')).toHaveAttribute('aria-label', /.+/);
  const today = chart.getByTestId('intake-table').locator('tbody tr.ant-table-row').first();
  await expect(today).toHaveAttribute('data-row-key', bangkokToday());
  // one tray served and collected, nothing of it eaten (a tray described in words gives no figures)
  await expect(today).toContainText(n('intake.collectedOf', { collected: '1', trays: '1' }));
  await expect(today.getByTestId('intake-energy')).toContainText('0 kcal');
  await expect(today.getByTestId('intake-state')).not.toHaveText(n('intake.states.NOT_COLLECTED'));

  // the worklist of who is not eating opens from the screen (issue 27 §4; its rules: pkg/nutrition's tests)
  await nutri.keyboard.press('Escape');
  await nutri.getByTestId('open-worklist').click();
  await expect(nutri).toHaveURL(/\/auth\/nutrition\/worklist$/);
  await expect(nutri.getByRole('heading', { name: n('worklist.title') })).toBeVisible();

  // the demo patient of ward W01 who ate a quarter of each tray the last two days (pkg/demo
  // intake.go) is listed, with the reason in words and its days
  const low = nutri.getByTestId('worklist-table').locator('tbody tr.ant-table-row', { has: nutri.locator('li[data-code=LOW_INTAKE]') }).first();
  await expect(low.locator('li[data-code=LOW_INTAKE]')).toContainText('รับประทานต่ำกว่าครึ่งของเป้าหมายสองวันติดกัน');
  // its intake: the days under half said in words, and the export (issue 27 §5)
  await low.getByTestId('worklist-intake').click();
  const drawer = nutri.getByTestId('intake-chart');
  await expect(drawer.getByTestId('intake-state').filter({ hasText: n('intake.states.LOW') }).first()).toBeVisible();
  const dl = nutri.waitForEvent('download');
  await drawer.getByTestId('intake-export').click();
  expect((await dl).suggestedFilename()).toMatch(/^nutrition_intake_.*\.xlsx$/);
  await nutri.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  // seen, with a note: the row says who and the note
  const note = `e2e ${crypto.randomUUID().slice(0, 8)}`;
  await low.getByTestId('worklist-see').click();
  await nutri.getByTestId('worklist-note').fill(note);
  await nutri.getByRole('dialog').getByRole('button', { name: n('worklist.see') }).click();
  await expect(nutri.getByTestId('worklist-table').getByTestId('worklist-last-seen').filter({ hasText: note })).toHaveCount(1);
  // one ward: the demo's patients of W01 are not those of W02, and come back with every ward
  const lowRows = nutri.getByTestId('worklist-table').locator('tbody tr.ant-table-row', { has: nutri.locator('li[data-code=LOW_INTAKE]') });
  await choose(nutri, nutri.getByTestId('worklist-ward'), /W02/, 'W02');
  await expect(lowRows.filter({ hasText: note })).toHaveCount(0);
  await choose(nutri, nutri.getByTestId('worklist-ward'), /W01/, 'W01');
  await expect(lowRows.filter({ hasText: note })).toHaveCount(1);
  await choose(nutri, nutri.getByTestId('worklist-ward'), n('allWards'));
  await expect(lowRows.filter({ hasText: note })).toHaveCount(1);
  await ctx.close();
});
