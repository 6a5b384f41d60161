import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures';
import { AUTH_ROUTES } from '@/app/routes';
import { ROLE_CODES, type RoleCode } from '@/config/roles';
import { apiSignIn, inviteNewAccount, linkIn, nextMail, mailsTo, registeredAccount } from './auth-helpers';
import { data, openAs, signIn, text } from './helpers';
import { orderTrays } from './trays-helpers';
import { addDays, bangkokToday, clearSelect, nextWeekday } from './orders-helpers';
import { surveyPath, surveyTrays } from './surveys-helpers';

// Issue 29: every screen meets WCAG 2.1 A/AA as axe-core reads it. Each role opens every
// route of routes.ts it may open (ready ones), in Thai and in English, plus the public pages
// and the main drawers and dialogs; axe runs on the whole document and the test fails on any
// critical or serious violation, naming the rule and the elements. What cannot be fixed (a
// third party's markup) is listed with its reason in e2e/a11y-allow.json.
//
// One signed-in page per role and language: screens are reached inside the app (the address
// changed as a link would), so each test starts the app once.

const here = dirname(fileURLToPath(import.meta.url));
// axe-core's source, evaluated in the page (the app's Content-Security-Policy refuses an inline script tag)
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Allowed = { rule: string; target: string; reason: string };
const ALLOWED = JSON.parse(readFileSync(join(here, 'a11y-allow.json'), 'utf8')) as Allowed[];

const ACCOUNT: Record<RoleCode, string> = {
  BCT: 'controller@samrap.local',
  BOD: 'ordertaker@samrap.local',
  BSV: 'serve@samrap.local',
  BNT: 'nutritionist@samrap.local',
  SAM: 'superadmin@samrap.local',
  BAM: 'branchadmin@samrap.local',
};

type Violation = { id: string; impact: string; nodes: { target: string[]; summary: string }[] };

/** axe's critical and serious WCAG 2.0/2.1 A and AA violations on the whole document. */
async function axe(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Res = { violations: { id: string; impact: string; nodes: { target: unknown[]; failureSummary: string }[] }[] };
    const w = window as unknown as { axe: { run: (c: Document, o: object) => Promise<Res> } };
    const res = await w.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return res.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target.map(String), summary: n.failureSummary })) }));
  });
}

/** Runs axe and adds what the allow-list does not excuse to `failures`, under `where`. */
async function check(page: Page, where: string, failures: string[]): Promise<void> {
  for (const v of await axe(page)) {
    const nodes = v.nodes.filter((n) => !ALLOWED.some((a) => a.rule === v.id && n.target.some((t) => t.includes(a.target))));
    if (nodes.length === 0) continue;
    const lines = nodes.slice(0, 8).map((n) => `      ${n.target.join(' ')} — ${n.summary.replace(/\s*\n\s*/g, ' ')}`);
    failures.push(`${where}: ${v.id} (${v.impact}) on ${nodes.length} element(s):\n${lines.join('\n')}`);
  }
}

/** What a person sees once a screen is there: its heading (a new one), no loading cover, no spinner. */
async function settled(page: Page, scope = '.app-content'): Promise<void> {
  await expect(page.locator(scope).getByRole('heading').and(page.locator(':not([data-a11y-seen])')).first()).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

/** Goes to `path` inside the app, as a link does (the app is not started again). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    // another screen: its heading is a new one (the same screen with another query keeps its own)
    if (new URL(p, location.href).pathname !== location.pathname) {
      document.querySelectorAll('.app-content [role=heading], .app-content h1, .app-content h2, .app-content h3, .app-content h4, .app-content h5')
        .forEach((h) => h.setAttribute('data-a11y-seen', ''));
    }
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === path);
  await settled(page);
}

/** An open drawer or dialog: there, with its content loaded. */
async function openedOverlay(page: Page): Promise<void> {
  await expect(page.locator('.ant-drawer-open .ant-drawer-content, .ant-modal-wrap:not([style*="display: none"]) .ant-modal-content').last()).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

const tomorrow = (): string => addDays(bangkokToday(), 1);

/**
 * Screens reached from another (a patient's order form) and the drawers and dialogs to check
 * on a screen: each opens what it checks the way a person does.
 */
const VISITS: Record<string, (page: Page, where: string, failures: string[]) => Promise<void>> = {
  // the order form of a meal nobody ordered, opened from its chip on tomorrow's list
  'order/form': async (page) => {
    await go(page, `/auth/order?date=${tomorrow()}`);
    await page.getByTestId('orders-table').locator('[data-testid=meal-chip][data-status=NONE]').first().click();
    await expect(page).toHaveURL(/\/auth\/order\/form\?/);
    await settled(page);
    await expect(page.getByTestId('patient-header')).toBeVisible();
  },
  'order/care-giver/form': async (page) => {
    await go(page, `/auth/order?date=${tomorrow()}`);
    await page.getByTestId('orders-table').getByTestId('row-caregiver').first().click();
    await expect(page).toHaveURL(/\/auth\/order\/care-giver\/form\?/);
    await settled(page);
    await expect(page.getByTestId('patient-header')).toBeVisible();
  },
};

const OVERLAYS: Record<string, (page: Page, where: string, failures: string[]) => Promise<void>> = {
  // today's orders of the demo: an order's details
  order: async (page, where, failures) => {
    await go(page, `/auth/order?date=${bangkokToday()}`);
    await page.getByTestId('orders-table').locator('[data-testid=meal-chip][data-status=WAITING]').first().click();
    await openedOverlay(page);
    await check(page, `${where} (order details)`, failures);
    await page.keyboard.press('Escape');
  },
  patient: async (page, where, failures) => {
    await page.getByTestId('row-edit').first().click();
    await expect(page.getByTestId('patient-form')).toBeVisible();
    await openedOverlay(page);
    await check(page, `${where} (patient form)`, failures);
    await page.keyboard.press('Escape');
  },
  menu: async (page, where, failures) => {
    await page.getByTestId('list-add').click();
    await openedOverlay(page);
    await check(page, `${where} (menu drawer)`, failures);
    await page.keyboard.press('Escape');
  },
  'food-type': async (page, where, failures) => {
    await page.getByTestId('list-add').click();
    await openedOverlay(page);
    await check(page, `${where} (master-data drawer)`, failures);
    await page.keyboard.press('Escape');
  },
};

/**
 * The routes a role checks: in Thai every route it may open; in English (the same screens in
 * other words: the audit found the same failures in both) each route once, by the first role
 * that may open it, which keeps the spec's time modest.
 */
function routesOf(role: RoleCode, lang: 'th' | 'en') {
  const ready = AUTH_ROUTES.filter((r) => r.ready);
  const mine = ready.filter((r) => (r.roles as readonly string[]).includes(role));
  if (lang === 'th') return mine;
  return mine.filter((r) => ROLE_CODES.find((c) => (r.roles as readonly string[]).includes(c)) === role);
}

for (const lang of ['th', 'en'] as const) {
  for (const role of ROLE_CODES) {
    const routes = routesOf(role, lang);
    if (routes.length === 0) continue;
    test(`axe: every screen of ${role} in ${lang === 'th' ? 'Thai' : 'English'} (${routes.length})`, async ({ page }) => {
      // up to 17 screens, each waited for and read whole by axe: 15–30 s alone, twice that beside the other worker
      test.slow();
      const failures: string[] = [];
      await openAs(page, ACCOUNT[role], '/auth/account', { lang });
      await settled(page);
      for (const r of routes) {
        const where = `${lang} ${role} /auth/${r.path}`;
        if (VISITS[r.path]) await VISITS[r.path](page, where, failures);
        else if (r.path !== 'account') await go(page, `/auth/${r.path}`);
        await check(page, where, failures);
        await OVERLAYS[r.path]?.(page, where, failures);
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }

  test(`axe: the public pages in ${lang === 'th' ? 'Thai' : 'English'}`, async ({ page, request }) => {
    test.slow(); // three accounts and a tray made through the API first
    const failures: string[] = [];
    const invited = await inviteNewAccount(request, `a11y-${lang}`);
    const resetting = await registeredAccount(request, `a11y-reset-${lang}`);
    const before = (await mailsTo(request, resetting.email)).length;
    expect((await request.post(`/api/auth/sendEmailForgotPassword?email=${encodeURIComponent(resetting.email)}`)).status()).toBe(200);
    const reset = linkIn(await nextMail(request, resetting.email, before), '/reset-password');
    const [tray] = await surveyTrays(request, 1, `a11y-${lang}`);
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);

    const pages: [string, string][] = [
      ['/login', 'form[name=login]'],
      ['/forgot-password', 'body'],
      [invited.link, 'body'],
      [reset, 'body'],
      [surveyPath(tray.surveyUrl), 'body'],
    ];
    for (const [path, scope] of pages) {
      await page.goto(path);
      if (scope === 'form[name=login]') await expect(page.locator(scope)).toBeVisible();
      else await settled(page, scope);
      await check(page, `${lang} ${path.replace(/token=.*|\/q\/.*/, (m) => `${m.slice(0, 8)}…`)}`, failures);
    }
    // choosing a branch and role (an account of several pairs, through Login)
    await signIn(page, 'multi@samrap.local');
    await expect(page).toHaveURL(/\/select-role$/);
    await settled(page, 'body');
    await check(page, `${lang} /select-role`, failures);
    expect(failures, failures.join('\n')).toEqual([]);
  });
}

// Keyboard alone (issue 29): where the focus lands after each step, always on something seen.

/** The focused element: not the body, and on screen (a hidden "select all" or a folded sidebar's item is neither). */
async function focusSeen(page: Page, step: string): Promise<string> {
  const f = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { seen: false, what: 'body' };
    // a control drawn by its label (antd's Segmented: a hidden radio, the ring on its label)
    const r = (el.getBoundingClientRect().width === 0 && el.closest('label') ? el.closest('label')! : el).getBoundingClientRect();
    const style = getComputedStyle(el);
    const seen = r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && style.visibility !== 'hidden';
    return { seen, what: `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}` };
  });
  expect(f.seen, `${step}: the focus is on ${f.what}`).toBe(true);
  return f.what;
}

/** The first heading of the screen (where the focus goes after moving to it). */
const screenHeading = (page: Page) => page.locator('#main-content').locator('h1, h2, h3, h4').first();

test('keyboard: the order list to the form and back, the focus on the heading, a dish picked by Enter, then the chip of the meal ordered; a skip link first', async ({ page, request }) => {
  // a patient of that day's list with nothing a specific meal must be checked against (allergies, texture, review), from the middle of the list
  const day = nextWeekday(1); // a Monday ahead: the demo's weekly round has its menu
  const token = await apiSignIn(request, 'ordertaker@samrap.local');
  type Row = { hnId: string; needsReview: boolean; textureFood: number | null; textureDrink: number | null; unmappedAllergies: string[] | null; allergens: unknown[] | null; npoFrom: string | null; meals: { code: string; order: unknown }[] };
  const rows = (await data<{ items: Row[] }>(await request.get(`/api/takerOrder/search?size=100&dateOrder=${day}`, { headers: { Authorization: `Bearer ${token}` } }))).items;
  const hn = rows.slice(45).find((r) => !r.needsReview && r.textureFood === null && r.textureDrink === null && (r.unmappedAllergies ?? []).length === 0 && (r.allergens ?? []).length === 0 && !r.npoFrom && r.meals.some((m) => m.code === 'MT01' && !m.order))?.hnId;
  expect(hn, 'a patient to order breakfast for').toBeTruthy();

  await openAs(page, 'ordertaker@samrap.local', `/auth/order?date=${day}&q=${hn}`);
  const row = page.getByTestId('orders-table').locator(`tr[data-hn="${hn}"]`);
  await expect(row).toBeVisible();
  // the skip link: the first Tab stop of the page, shown, and it takes the focus to the screen
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  await focusSeen(page, 'the skip link');
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  // Tab to the patient's breakfast chip (the weekly round has Monday's breakfast): every stop seen, no hidden "select all" on the way
  const breakfast = row.locator('[data-testid=meal-chip][data-meal=MT01]');
  for (let i = 0; i < 30 && !(await breakfast.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
    await focusSeen(page, `Tab ${i + 1} on the order list`);
  }
  await expect(breakfast).toBeFocused();
  // Enter opens the form: the focus on its heading
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth\/order\/form\?/);
  await expect(page.getByTestId('patient-header')).toBeVisible();
  await expect(screenHeading(page)).toBeFocused();
  // a dish card is a toggle button: Enter picks it, Enter again puts it back
  const form = page.getByTestId('order-form-page');
  await clearSelect(form.getByTestId('filter-diet')); // every diet's dishes: one with no clash is there
  const dish = form.getByTestId('dish-card').and(form.locator(':not([data-blocked])')).filter({ hasNot: page.getByTestId('conflicts') }).first();
  await dish.focus();
  await focusSeen(page, 'a dish card');
  await page.keyboard.press('Enter');
  await expect(dish).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(dish).toHaveAttribute('aria-pressed', 'false');
  // a specific meal, then submitted from the keyboard
  await form.getByTestId('course-type').getByText(text('th', 'orders', 'courseType.SPECIFIC')).click();
  await form.getByTestId('description').fill('ข้าวต้มปลา (e2e keyboard)');
  await form.getByTestId('order-submit').focus();
  await focusSeen(page, 'the submit button');
  const answer = page.waitForResponse((r) => r.url().includes('/api/takerOrder/submitOrder'));
  await page.keyboard.press('Enter');
  expect((await answer).status()).toBe(200);
  // back on the list: the focus on the chip of the meal just ordered
  await expect(page).toHaveURL(/\/auth\/order\?/);
  await expect(breakfast).toHaveAttribute('data-status', 'WAITING');
  await expect(breakfast).toBeFocused();
  await focusSeen(page, 'back on the list');
});

test('keyboard on a phone: the folded sidebar takes no Tab stop, the serve list\'s buttons one each, and each serve result focuses what comes next', async ({ browser, baseURL, request }) => {
  const [tray] = await orderTrays(request, 1, { meals: ['MT03', 'MT04'], description: 'ข้าวต้ม (e2e keyboard)', fromEnd: true });
  const ctx = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
  const page = await ctx.newPage();
  await openAs(page, 'serve@samrap.local', '/auth/serve');
  await expect(page.getByTestId('serve-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  // from the top of the page: the skip link, the header's menu button, then the screen — never the folded sidebar's items
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const stops: string[] = [];
  for (let i = 0; i < 25 && !stops.at(-1)?.includes('[data-testid=serve-scan]'); i++) {
    await page.keyboard.press('Tab');
    stops.push(await focusSeen(page, `Tab ${i + 1} on the phone's serve list`));
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=sidebar]')), `Tab ${i + 1} is in the folded sidebar`).toBe(false);
  }
  // the survey and scan buttons are links of one stop each: the survey's, then the scan's
  expect(stops.at(-1), stops.join('\n')).toContain('[data-testid=serve-scan]');
  expect(stops.at(-2), stops.join('\n')).toContain('[data-testid=serve-survey]');

  // the scan field focused, a wedge scan of the card and the wristband: MATCH, the focus on "served"
  await page.getByTestId('serve-scan').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth\/serve\/confirm$/);
  await expect(page.getByTestId('scan-card')).toBeFocused();
  await page.keyboard.type(tray.token, { delay: 2 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-wristband')).toBeFocused();
  await page.keyboard.type(tray.hn, { delay: 2 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('serve-result')).toHaveAttribute('data-match', 'true');
  await expect(page.getByTestId('serve-confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('serve-done')).toBeVisible();
  // recorded: the focus on "next tray", which starts again at the card
  await expect(page.getByTestId('serve-next')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-card')).toBeFocused();
  await ctx.close();
});
