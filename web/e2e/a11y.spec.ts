import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { AUTH_ROUTES, type AuthRoute } from '@/app/routes';
import { ROLE_CODES, type RoleCode } from '@/config/roles';
import { apiSignIn, inviteNewAccount, linkIn, nextMail, mailsTo, registeredAccount } from './auth-helpers';
import { data, openAs, signIn, text } from './helpers';
import { orderTrays } from './trays-helpers';
import { addDays, bangkokToday, clearSelect, dishCard, nextWeekday } from './orders-helpers';
import { surveyPath, surveyTrays } from './surveys-helpers';

// Issue 29: every screen meets WCAG 2.1 A/AA as axe-core reads it. Each role opens every
// route of routes.ts it may open (ready ones) and axe reads it in Thai, then again in English
// after the app's own language switch (no reload); the public pages the same way; and the
// drawers and dialogs, opened from the keyboard, in both languages, with the focus taken into
// each when it opens and given back to what opened it when it closes; and serve's steps (its
// MATCH and NO MATCH, how much was eaten) by wedge scans and the keyboard alone. axe runs on the
// whole document and the test fails on any critical or serious violation, naming the rule and
// the elements. What cannot be fixed (a third party's markup) is listed with its reason in
// e2e/a11y-allow.json.
//
// One signed-in page per role: screens are reached inside the app (the address changed as a
// link would), so each test starts the app once.

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

type Lang = 'th' | 'en';
type Violation = { id: string; impact: string; nodes: { target: string[]; summary: string }[] };

/**
 * Loads axe into the page once, with one rule of ours beside WCAG's: a button, link, menu item
 * or tab whose name says the English name of an Ant Design icon inside it ("plus เพิ่ม": the
 * icon is a role="img" named "plus"; an icon beside words is hidden, components/icons.tsx;
 * an icon-only control is named in the interface language, components/table.tsx,
 * date-picker.tsx), in either language.
 */
async function loadAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(axeSource);
  await page.evaluate(() => {
    type VNode = unknown;
    type Axe = {
      configure: (c: object) => void;
      commons: { text: { accessibleTextVirtual: (v: VNode) => string } };
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    axe.configure({
      // no HTML snippet of each element checked (axe builds one for every element of every
      // rule, passes included; a failure is named by its selector and summary)
      noHtml: true,
      checks: [
        {
          id: 'samrap-icon-name',
          evaluate(this: { data: (d: unknown) => void }, node: Element, _options: unknown, vNode: VNode) {
            // an Ant Design icon's class names it: anticon anticon-plus (anticon-spin: turning)
            const icons = Array.from(node.querySelectorAll('.anticon'))
              .map((i) => Array.from(i.classList).find((c) => c.startsWith('anticon-') && c !== 'anticon-spin'))
              .filter((c): c is string => !!c)
              .map((c) => c.slice('anticon-'.length));
            if (icons.length === 0) return true;
            // said by the name but not written on it ("Use the camera" writes its icon's name)
            const words = axe.commons.text.accessibleTextVirtual(vNode).split(/\s+/);
            const written = ((node as HTMLElement).innerText ?? node.textContent ?? '').split(/\s+/);
            const said = icons.filter((n) => words.includes(n) && !written.includes(n));
            if (said.length === 0) return true;
            this.data({ icons: said.join(', ') });
            return false;
          },
          metadata: { impact: 'serious', messages: { pass: 'no icon name', fail: "its accessible name says the icon's English name: ${data.icons}" } },
        },
      ],
      rules: [
        {
          id: 'samrap-icon-name',
          selector:
            'button, a[href], summary, [role=button], [role=link], [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], [role=tab], [role=option], [role=checkbox], [role=radio], [role=switch], [role=treeitem]',
          any: ['samrap-icon-name'],
          impact: 'serious',
          tags: ['samrap'],
          metadata: { description: 'Ant Design icon names stay out of accessible names', help: "An icon beside words is hidden; an icon-only control has a translated name" },
        },
      ],
    });
  });
}

/**
 * axe's critical and serious WCAG 2.0/2.1 A and AA violations (and ours) on the whole
 * document, or on the open dialog or drawer on top (`dialog`: the screen behind it was read
 * on its own). The cheapest run of those rules: only violations kept, no CSS selectors built
 * for them (building one reads the whole document) and no frames looked for (the app has
 * none); when something fails, those rules run again with selectors, to name the elements.
 */
async function axe(page: Page, dialog: boolean): Promise<Violation[]> {
  await loadAxe(page);
  return page.evaluate(async (dialog) => {
    type Res = { violations: { id: string; impact: string; nodes: { target?: unknown[]; failureSummary: string }[] }[] };
    const w = window as unknown as { axe: { run: (c: Element | Document, o: object) => Promise<Res> } };
    const top = Array.from(document.querySelectorAll('.ant-drawer-open .ant-drawer-content-wrapper, .ant-modal-wrap:not([style*="display: none"])')).pop();
    if (dialog && !top) throw new Error('no dialog or drawer open');
    const context = dialog && top ? top : document;
    const serious = (r: Res) => r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
    const quick = serious(
      await w.axe.run(context, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'samrap'] },
        resultTypes: ['violations'],
        selectors: false,
        iframes: false,
      }),
    );
    if (quick.length === 0) return [];
    const named = serious(
      await w.axe.run(context, { runOnly: { type: 'rule', values: quick.map((v) => v.id) }, resultTypes: ['violations'], iframes: false }),
    );
    return named.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: (n.target ?? []).map(String), summary: n.failureSummary })) }));
  }, dialog);
}

/** Runs axe and adds what the allow-list does not excuse to `failures`, under `where`. */
async function check(page: Page, where: string, failures: string[], dialog = false): Promise<void> {
  for (const v of await axe(page, dialog)) {
    const nodes = v.nodes.filter((n) => !ALLOWED.some((a) => a.rule === v.id && n.target.some((t) => t.includes(a.target))));
    if (nodes.length === 0) continue;
    const lines = nodes.slice(0, 8).map((n) => `      ${n.target.join(' ')} — ${n.summary.replace(/\s*\n\s*/g, ' ').slice(0, 240)}`);
    failures.push(`${where}: ${v.id} (${v.impact}) on ${nodes.length} element(s):\n${lines.join('\n')}`);
  }
}

/** Nothing loading: no loading cover, no spinner. */
async function loaded(page: Page): Promise<void> {
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

/** What a person sees once a screen is there: its heading (a new one), nothing loading. */
async function settled(page: Page, scope = '.app-content'): Promise<void> {
  await expect(page.locator(scope).getByRole('heading').and(page.locator(':not([data-a11y-seen])')).first()).toBeVisible();
  await loaded(page);
}

/**
 * Goes to `path` inside the app, as a link does (the app is not started again); `scope`: where
 * the screen's heading is.
 */
async function go(page: Page, path: string, scope = '.app-content'): Promise<void> {
  await page.evaluate(([p, scope]) => {
    // another screen: its heading is a new one (the same screen with another query keeps its own)
    if (new URL(p, location.href).pathname !== location.pathname) {
      document.querySelectorAll(`${scope} :is([role=heading], h1, h2, h3, h4, h5)`).forEach((h) => h.setAttribute('data-a11y-seen', ''));
    }
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, [path, scope] as const);
  await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === path);
  await settled(page, scope);
}

/**
 * The interface language switched in place by the app's own switch (ไทย | English, in the
 * header or on a public page), the screen and any open dialog redrawn in it. The button is
 * clicked in the page: with a dialog open, its mask lies over the header.
 */
async function switchTo(page: Page, lang: Lang): Promise<void> {
  const button = page.getByTestId('language-switch').first().locator(`button[lang=${lang}]`);
  await button.dispatchEvent('click');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await loaded(page);
}

/** The open drawer or dialog on top. */
const overlay = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-content, .ant-modal-wrap:not([style*="display: none"]) .ant-modal-content').last();

/** One role's walk (or the public pages') through its screens: checks each in the language it is in, then in the other. */
class Walk {
  readonly failures: string[] = [];
  constructor(readonly page: Page, readonly request: APIRequestContext, readonly who: RoleCode | 'public') {}

  /** axe in the language the app is in, then in the other one (switched in place); on the open dialog only with `dialog`. */
  async both(where: string, dialog = false): Promise<void> {
    const lang = (await this.page.locator('html').getAttribute('lang')) === 'en' ? 'en' : 'th';
    const other = lang === 'th' ? 'en' : 'th';
    await check(this.page, `${lang} ${this.who} ${where}`, this.failures, dialog);
    await switchTo(this.page, other);
    await check(this.page, `${other} ${this.who} ${where}`, this.failures, dialog);
  }

  /**
   * A drawer or dialog opened by `opener` from the keyboard (Enter on it): the focus goes into
   * it, axe reads it (it alone: the screen behind was read already) in both languages, Escape
   * closes it and the focus is back on `opener`.
   * `ready`: what shows that its content is there.
   */
  async dialog(where: string, opener: Locator, ready?: Locator): Promise<void> {
    const { page } = this;
    await opener.press('Enter');
    await expect(overlay(page)).toBeVisible();
    if (ready) await expect(ready).toBeVisible();
    await loaded(page);
    const focusIn = () => page.evaluate(() => !!document.activeElement?.closest('.ant-modal-wrap, .ant-drawer'));
    await expect.poll(focusIn, { message: `${where}: the focus goes into it when it opens` }).toBe(true);
    await this.both(where, true);
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toBeHidden();
    await expect(opener, `${where}: the focus is back on what opened it`).toBeFocused();
  }
}

const tomorrow = (): string => addDays(bangkokToday(), 1);

/** Tab until `target` has the focus (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 12): Promise<void> {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/** Enter on `target`, which has the focus already (where the screen put it). */
async function enterOn(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
}

/** A keyboard-wedge scan: the code typed into the focused scan field, then Enter. */
async function wedge(page: Page, field: Locator, code: string): Promise<void> {
  await expect(field).toBeFocused();
  await page.keyboard.insertText(code);
  await page.keyboard.press('Enter');
}

/** The id of a meal type (by code) as the order list of `date` gives it for `hn`. */
async function mealId(request: APIRequestContext, date: string, hn: string, code: string): Promise<number> {
  const headers = { Authorization: `Bearer ${await apiSignIn(request, ACCOUNT.BCT)}` };
  type Row = { hnId: string; meals: { code: string; mealTimeId: number }[] };
  const rows = (await data<{ items: Row[] }>(await request.get(`/api/takerOrder/search?size=20&dateOrder=${date}&criteria=${hn}`, { headers }))).items;
  const id = rows.find((r) => r.hnId === hn)?.meals.find((m) => m.code === code)?.mealTimeId;
  expect(id, `${hn}'s ${code} on ${date}`).toBeTruthy();
  return id!;
}

/** Screens reached from another (a patient's order form): each opened the way a person does. */
const VISITS: Record<string, (page: Page) => Promise<void>> = {
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

/**
 * The drawers and dialogs of a screen, checked by the first role that may open it (the same
 * shared pieces serve every list: the type-ลบ dialog and the import dialog once each).
 */
const DIALOGS: Record<string, (w: Walk) => Promise<void>> = {
  // today's orders of the demo: an order's details, then the bulk order of a ticked row and the copy of a day's orders
  order: async (w) => {
    const { page } = w;
    await go(page, `/auth/order?date=${bangkokToday()}`);
    const table = page.getByTestId('orders-table');
    await w.dialog('/auth/order (order details)', table.locator('[data-testid=meal-chip][data-status=WAITING]').first());
    await table.locator('tr.ant-table-row .ant-checkbox-input').first().check();
    await w.dialog('/auth/order (bulk order)', page.getByTestId('bulk-open'));
    await w.dialog('/auth/order (copy orders)', page.getByTestId('copy-open'));
  },
  patient: async (w) => {
    const { page } = w;
    await w.dialog('/auth/patient (patient form)', page.getByTestId('row-edit').first(), page.getByTestId('patient-form'));
    await w.dialog('/auth/patient (last syncs)', page.getByTestId('sync-history-open'), page.getByTestId('sync-history-table'));
  },
  menu: (w) => w.dialog('/auth/menu (menu drawer)', w.page.getByTestId('list-add')),
  'cycle-menu': (w) => w.dialog('/auth/cycle-menu (cycle form)', w.page.getByTestId('list-add')),
  'food-type': async (w) => {
    const { page } = w;
    await w.dialog('/auth/food-type (master-data drawer)', page.getByTestId('list-add'));
    await w.dialog('/auth/food-type (import)', page.getByTestId('list-import'), page.getByTestId('import-start'));
    await w.dialog('/auth/food-type (type ลบ to delete)', page.getByTestId('row-delete').first(), page.getByTestId('delete-word'));
  },
  // the conflict dialog of a dish that clashes with the patient (SRP01-HN10017 is allergic to
  // shrimp; Monday's dinner has tom yum with shrimp, M011), then by the keyboard alone: Enter on
  // the card, the note typed, Tab to accept, Enter — the dish chosen, the focus back on its card
  'order/form': async (w) => {
    const { page } = w;
    const hn = 'SRP01-HN10017';
    const day = nextWeekday(1);
    await go(page, `/auth/order/form?hn=${hn}&date=${day}&meal=${await mealId(w.request, day, hn, 'MT03')}`);
    const form = page.getByTestId('order-form-page');
    await expect(form.getByTestId('patient-header')).toContainText(hn);
    const tomyum = dishCard(form, 'M011');
    await w.dialog('/auth/order/form (conflict dialog)', tomyum, page.getByTestId('note-input'));
    await tomyum.press('Enter');
    await expect(page.getByTestId('note-input')).toBeFocused();
    await page.keyboard.type('ไม่ใส่กุ้ง (e2e a11y)');
    await tabTo(page, page.getByTestId('note-accept'));
    await page.keyboard.press('Enter');
    await expect(overlay(page)).toBeHidden();
    await expect(tomyum).toHaveAttribute('aria-pressed', 'true');
    await expect(tomyum).toBeFocused();
  },
  // serve's result, MATCH then NO MATCH, each read in both languages; by the keyboard alone
  // (wedge scans), the focus on what comes next at each step
  'serve/confirm': async (w) => {
    const { page } = w;
    const [tray, other] = await orderTrays(w.request, 2, { meals: ['MT03', 'MT04'], description: 'ข้าวต้ม (e2e a11y)', fromEnd: true });
    const card = page.getByTestId('scan-card');
    const wristband = page.getByTestId('scan-wristband');
    await wedge(page, card, tray.token);
    await wedge(page, wristband, tray.hn);
    await expect(page.getByTestId('serve-result')).toHaveAttribute('data-match', 'true');
    await expect(page.getByTestId('serve-confirm')).toBeFocused();
    await w.both('/auth/serve/confirm (MATCH)');
    await enterOn(page, page.getByTestId('serve-confirm'));
    await expect(page.getByTestId('serve-done')).toBeVisible();
    await expect(page.getByTestId('serve-next')).toBeFocused();
    await w.both('/auth/serve/confirm (served)');
    await enterOn(page, page.getByTestId('serve-next'));
    // another tray's card with this patient's wristband
    await wedge(page, card, other.token);
    await wedge(page, wristband, tray.hn);
    await expect(page.getByTestId('serve-result')).toHaveAttribute('data-match', 'false');
    await expect(page.getByTestId('serve-reject')).toBeFocused();
    await w.both('/auth/serve/confirm (NO MATCH)');
    await enterOn(page, page.getByTestId('serve-reject'));
    await expect(page.getByTestId('reject-reason')).toBeFocused();
    await w.both('/auth/serve/confirm (reject reason)');
    await expect(page.getByTestId('reject-reason')).toBeFocused();
    await page.keyboard.type('ไม่ใช่ถาดของผู้ป่วย (e2e a11y)');
    await tabTo(page, page.getByTestId('reject-submit'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('serve-next')).toBeFocused();
  },
  // recording how much a served tray's patient ate, read in both languages: the card scanned,
  // the focus on the question, Tab to the amounts, Enter on one; recorded, the focus on "next tray"
  'serve/collect': async (w) => {
    const { page, request } = w;
    const [tray] = await orderTrays(request, 1, { meals: ['MT03', 'MT04'], description: 'ข้าวต้ม (e2e a11y)', fromEnd: true });
    const headers = { Authorization: `Bearer ${await apiSignIn(request, ACCOUNT.BSV)}` };
    const served = { branchCode: 'SRP01', token: tray.token, wristband: tray.hn, action: 'SERVED', deviceId: 'e2e-a11y', requestId: crypto.randomUUID() };
    await data(await request.post('/api/serve/update', { headers, data: served }));
    await wedge(page, page.getByTestId('collect-card'), tray.token);
    const question = page.locator('#collect-question');
    await expect(question).toBeFocused();
    await w.both('/auth/serve/collect (how much was eaten)');
    await expect(question).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('eaten-NONE')).toBeFocused();
    await tabTo(page, page.getByTestId('eaten-HALF'), 4);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('collect-done')).toBeVisible();
    await expect(page.getByTestId('collect-next')).toBeFocused();
    await w.both('/auth/serve/collect (recorded)');
    // changed again: back on the question
    await tabTo(page, page.getByTestId('collect-change'), 2);
    await page.keyboard.press('Enter');
    await expect(question).toBeFocused();
  },
  // the patient's targets and intake, and the worklist's intake chart and "seen"
  nutrition: (w) => w.dialog('/auth/nutrition (targets and intake)', w.page.getByTestId('edit-targets').first(), w.page.getByTestId('intake-chart')),
  'nutrition/worklist': async (w) => {
    const { page } = w;
    const row = page.getByTestId('worklist-table').locator('tbody tr.ant-table-row').first();
    await w.dialog('/auth/nutrition/worklist (intake)', row.getByTestId('worklist-intake'), page.getByTestId('intake-chart'));
    await w.dialog('/auth/nutrition/worklist (seen)', row.getByTestId('worklist-see'), page.getByTestId('worklist-note'));
  },
  users: async (w) => {
    const { page } = w;
    await w.dialog('/auth/users (user form)', page.getByTestId('user-add'), page.getByTestId('pairs'));
    await w.dialog('/auth/users (import)', page.getByTestId('import-open'), page.getByTestId('import-start'));
  },
  branches: async (w) => {
    const { page } = w;
    await w.dialog('/auth/branches (branch form)', page.getByTestId('branch-add'), page.getByTestId('branch-code'));
    await w.dialog('/auth/branches (HL7 feed)', page.getByTestId('branch-feed').first());
  },
};

const ready = AUTH_ROUTES.filter((r) => r.ready);
const mayOpen = (r: AuthRoute, role: RoleCode) => (r.roles as readonly string[]).includes(role);

for (const role of ROLE_CODES) {
  const routes = ready.filter((r) => mayOpen(r, role));
  if (routes.length === 0) continue;
  test(`axe: every screen of ${role} in Thai and English, its dialogs opened and closed (${routes.length})`, async ({ page, request }) => {
    // up to 17 screens, each read whole by axe twice: 20–40 s alone, more beside the other worker
    test.slow();
    await openAs(page, ACCOUNT[role], '/auth/account', { lang: 'th' });
    await settled(page);
    const w = new Walk(page, request, role);
    try {
      for (const r of routes) {
        if (VISITS[r.path]) await VISITS[r.path](page);
        else if (r.path !== 'account') await go(page, `/auth/${r.path}`);
        await w.both(`/auth/${r.path}`);
        // each screen's dialogs by the first role that opens the screen
        if (ROLE_CODES.find((c) => mayOpen(r, c)) === role) await DIALOGS[r.path]?.(w);
      }
    } finally {
      // the header's switch saved English on the demo account (what a person's choice does):
      // give it back its Thai, or the next test signing in with it starts in English
      const token = await apiSignIn(request, ACCOUNT[role]);
      await data(await request.post('/api/auth/updateLanguage', { headers: { Authorization: `Bearer ${token}` }, data: { language: 'th' } }));
    }
    expect(w.failures, w.failures.join('\n')).toEqual([]);
  });
}

test('axe: the public pages in Thai and English', async ({ page, request }) => {
  test.slow(); // three accounts and a tray made through the API first
  const invited = await inviteNewAccount(request, 'a11y');
  const resetting = await registeredAccount(request, 'a11y-reset');
  const before = (await mailsTo(request, resetting.email)).length;
  expect((await request.post(`/api/auth/sendEmailForgotPassword?email=${encodeURIComponent(resetting.email)}`)).status()).toBe(200);
  const reset = linkIn(await nextMail(request, resetting.email, before), '/reset-password');
  const [tray] = await surveyTrays(request, 1, 'a11y');
  await page.addInitScript(() => localStorage.setItem('language', 'th'));
  const w = new Walk(page, request, 'public');

  // Login started once, the other pages reached inside the app (as its links do)
  await page.goto('/login');
  await expect(page.locator('form[name=login]')).toBeVisible();
  await w.both('/login');
  for (const path of ['/forgot-password', invited.link, reset, surveyPath(tray.surveyUrl)]) {
    await go(page, path, 'body');
    await w.both(path.replace(/token=.*|\/q\/.*/, (m) => `${m.slice(0, 8)}…`));
  }
  // choosing a branch and role (an account of several pairs, through Login)
  await signIn(page, 'multi@samrap.local');
  await expect(page).toHaveURL(/\/select-role$/);
  await settled(page, 'body');
  await w.both('/select-role');
  expect(w.failures, w.failures.join('\n')).toEqual([]);
});

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
  // the survey, collect and scan buttons are links of one stop each: the survey's, the
  // collect's (issue 27 §3), then the scan's
  expect(stops.at(-1), stops.join('\n')).toContain('[data-testid=serve-scan]');
  expect(stops.at(-2), stops.join('\n')).toContain('[data-testid=serve-collect]');
  expect(stops.at(-3), stops.join('\n')).toContain('[data-testid=serve-survey]');

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
