import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Locator, type Page } from './fixtures';
import { apiSignIn, shot } from './auth-helpers';
import { openAs, text } from './helpers';
import { findPatient, openOptions, signInController } from './patients-helpers';
import { bangkokToday } from './orders-helpers';
import { data, orderTrays } from './trays-helpers';

// A patient moved to another bed after the card was printed (issue 25 §3): the card names the
// old bed. The order is flagged moved (not for review): the meal-card screen's cards to
// reprint, the kitchen board and the serve list show the bed now and mark it; the cards to
// reprint printed on their own, the mark goes.

const r = (key: string, lang: 'th' | 'en' = 'th'): string => text(lang, 'reports', key);
const s = (key: string, lang: 'th' | 'en' = 'th'): string => text(lang, 'serve', key);

// axe-core's source, evaluated in the page (the app's Content-Security-Policy refuses an inline script tag)
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** No axe violation (WCAG 2 A and AA) inside the element (a CSS selector). */
async function passesAxe(page: Page, selector: string): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (sel) => {
    const w = window as unknown as { axe: { run: (c: Element, o: object) => Promise<{ violations: { id: string; nodes: { target: unknown; failureSummary: string }[] }[] }> } };
    const res = await w.axe.run(document.querySelector(sel)!, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    // each violation with the elements it names and why, so that a failure says what to fix
    return res.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => [n.target, n.failureSummary]))}`);
  }, selector);
  expect(violations, `axe on ${selector}`).toEqual([]);
}

type Patient = { room: { id: number; code: string } | null; ward: { id: number } | null };

test('a patient moved after the card was printed: marked on the cards to reprint, the kitchen board and the serve list; reprinted, the mark goes', async ({ page, browser, request }) => {
  test.slow(); // five screens in two sessions (the Controller's and a Serve user's)
  // a tray of its own (today's snack, a patient from the end of the list), its card printed
  const [tray] = await orderTrays(request, 1, { meals: ['MT04', 'MT03'], description: 'โจ๊ก (e2e moved)', fromEnd: true });
  const headers = { Authorization: `Bearer ${await apiSignIn(request, 'controller@samrap.local')}` };
  const before = await data<Patient>(await request.get(`/api/patient/getDataByHn?hnId=${encodeURIComponent(tray.hn)}`, { headers }));
  expect(before.room, `${tray.hn} has a bed`).not.toBeNull();
  const all = {
    branchCode: 'SRP01', dateOrder: bangkokToday(), mealTimeIds: [tray.mealTimeId], wardTypeIds: 'ALL', wardIds: 'ALL', roomIds: [before.room!.id],
    cuisineTypeIds: 'ALL', dietTypeIds: 'ALL', therapeuticIds: 'ALL', allergenIds: 'ALL', restrictedIds: 'ALL', foodScope: 'ALL',
    orderType: 'PATIENT', layout: 'A4',
  };
  const printed = await data<{ count: number }>(await request.post('/api/download/generatePDF', { headers, data: all }));
  expect(printed.count).toBe(1);

  // the Controller moves the patient to another free bed of the ward on the patient edit screen
  await signInController(page);
  const row = await findPatient(page, tray.hn);
  await row.getByTestId('row-edit').click();
  const edit = page.getByTestId('patient-form');
  await edit.getByTestId('field-roomId').click();
  await openOptions(page).and(page.locator(':not(.ant-select-item-option-selected)')).first().click();
  const saved = page.waitForResponse((res) => res.url().includes('/api/patient/updatePatientInfo'));
  await edit.getByTestId('patient-form-save').click();
  expect((await saved).status()).toBe(200);
  const after = await data<Patient>(await request.get(`/api/patient/getDataByHn?hnId=${encodeURIComponent(tray.hn)}`, { headers }));
  expect(after.room!.code).not.toBe(before.room!.code);

  // the meal-card screen: the card to reprint, the bed on the card and the bed now, marked
  await page.goto('/auth/report/meal-card');
  const section = page.getByTestId('reprint-section');
  await expect(section.getByRole('heading', { name: r('moved.title') })).toBeVisible();
  const moved: Locator = page.getByTestId('reprint-table').locator(`tbody tr[data-row-key="${tray.orderId}"]`);
  await expect(moved).toContainText(tray.hn);
  await expect(moved.getByTestId('moved-tag')).toHaveText(r('moved.tag'));
  await expect(moved.getByTestId('moved-card-bed')).toContainText(before.room!.code);
  await expect(moved.getByTestId('moved-now-bed')).toContainText(after.room!.code);
  await passesAxe(page, '[data-testid=reprint-section]');
  await shot(page, 'reports-reprint-cards');

  // the kitchen board lists it
  await page.goto('/auth/report/kitchen-orders');
  const board = page.getByTestId('board-moved-table').locator(`tbody tr[data-row-key="${tray.orderId}"]`);
  await expect(board.getByTestId('moved-now-bed')).toContainText(after.room!.code);
  await passesAxe(page, '[data-testid=board-moved]');

  // the serve list (a Serve user): the bed now, marked, and the bed the card names
  const other = await browser.newContext();
  const serve = await other.newPage();
  await openAs(serve, 'serve@samrap.local', '/auth');
  await expect(serve).toHaveURL(/\/auth\/serve$/);
  await serve.getByTestId('serve-search').fill(tray.hn);
  await serve.getByTestId('serve-search').press('Enter');
  const mark = serve.locator(`[data-testid="tray-moved"][data-order="${tray.orderId}"]`);
  await expect(mark).toContainText(s('list.moved'));
  await expect(mark).toContainText(before.room!.code);
  await expect(serve.getByTestId('serve-table').locator('tbody tr.ant-table-row').filter({ has: mark })).toContainText(after.room!.code);
  // the mark (the list's status tags are antd's light colours, outside this change)
  await passesAxe(serve, `[data-testid="tray-moved"][data-order="${tray.orderId}"]`);
  await other.close();

  // in English too
  await page.goto('/auth/report/meal-card');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByTestId('reprint-section').getByRole('heading', { name: r('moved.title', 'en') })).toBeVisible();
  await expect(moved.getByTestId('moved-tag')).toHaveText(r('moved.tag', 'en'));
  await page.evaluate(() => localStorage.setItem('language', 'th'));
  await page.reload();

  // printed on their own: the PDF, then the card is no longer to reprint
  const dl = page.waitForEvent('download');
  await page.getByTestId('reprint-print').click();
  expect((await dl).suggestedFilename()).toMatch(/^meal_cards_\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(page.getByTestId('reprint-ready')).toBeVisible();
  await expect(moved).toHaveCount(0);
});
