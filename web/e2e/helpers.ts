import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { sidebarFor } from '@/app/routes';

export const PASSWORD = 'Samrap#2026';
const here = dirname(fileURLToPath(import.meta.url));

type Dict = { [k: string]: string | Dict };
export function locale(lang: 'th' | 'en', area: string): Dict {
  return JSON.parse(readFileSync(join(here, '..', 'src', 'locales', lang, `${area}.json`), 'utf8')) as Dict;
}
export function text(lang: 'th' | 'en', area: string, key: string): string {
  return key.split('.').reduce<string | Dict>((o, k) => (o as Dict)[k], locale(lang, area)) as string;
}

/** A text of locales/<lang>/components.json (the shared list, import and type-ลบ dialogs). */
export function shared(lang: 'th' | 'en', key: string, values: Record<string, string> = {}): string {
  return Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text(lang, 'components', key));
}

/** The labels the sidebar must show for a role, read from the one route/sidebar table. */
export function expectedSidebar(role: string, lang: 'th' | 'en'): string[] {
  return sidebarFor(role).flatMap((n) =>
    'children' in n
      ? [text(lang, 'layout', n.label), ...n.children.map((c) => text(lang, 'layout', c.label))]
      : [text(lang, 'layout', n.label)],
  );
}

export async function sidebarLabels(page: Page): Promise<string[]> {
  const items = page.getByTestId('sidebar').locator('.ant-menu-submenu-title, .ant-menu-item');
  await expect(items.first()).toBeVisible();
  // a closed group renders no items: open each one first
  const closed = page.getByTestId('sidebar').locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await closed.count()) > 0) {
    await closed.first().click();
  }
  await expect(page.getByTestId('sidebar').locator('.ant-menu-submenu-inline .ant-menu-sub.ant-menu-hidden')).toHaveCount(0);
  return (await items.allInnerTexts()).map((s) => s.trim());
}

export type OpenOptions = {
  /** The interface language stored on the device before the app starts (default Thai). */
  lang?: 'th' | 'en';
  password?: string;
  /** The branch and role to choose, for an account with several pairs. */
  pair?: { branchCode: string; roleCode: string };
};

export type Envelope<T> = { code: string; msg: string; data: T };
type Tokens = { access_token: string; refresh_token: string; expires_in: number };
type User = { loginIssuedAt: number; current: unknown; permission: { branchCode: string; roleCode: string }[] };

/** The data of an answer that must be 200 (else the test fails with the server's message). */
export async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as Envelope<T>;
  expect(res.status(), `${res.url()}: ${body.msg}`).toBe(200);
  return body.data;
}

let seeds = 0;

/**
 * Opens `path` signed in as `email` without a trip through Login: the same calls Login makes
 * (accessToken, userInfo, selectRole for an account of one pair or the `pair` asked) through
 * the API, then the session stored on the device under SPEC.md §3's keys before the app
 * starts, so the test's screen is the first and only one the browser builds. Login itself,
 * landing and choosing a pair on screen are tested through the screens (auth-*, shell,
 * logs' signInMulti). A later openAs in the same test replaces the session.
 */
export async function openAs(page: Page, email: string, path: string, opts: OpenOptions = {}): Promise<void> {
  await storeSession(page, email, opts);
  await openScreen(page, path);
}

/**
 * Loads a signed-in screen and waits for the app to have started. Its first start in a fresh
 * browser context compiles every script it loads, which on a busy 2-core machine can take
 * longer than one expect's 10 s: the signed-in frame (its sidebar, there even when folded away
 * on a phone) is the app started, whatever the screen; what the screen shows is the test's.
 */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('sidebar')).toBeAttached({ timeout: 30_000 });
}

/** openAs without opening anything: the session is stored at the page's next load. */
export async function storeSession(page: Page, email: string, opts: OpenOptions = {}): Promise<void> {
  const request = page.request;
  let tokens = await data<Tokens>(
    await request.post('/api/auth/accessToken', { form: { username: email, password: opts.password ?? PASSWORD } }),
  );
  const userInfo = async () =>
    data<User>(await request.get('/api/auth/userInfo', { headers: { Authorization: `Bearer ${tokens.access_token}` } }));
  let user = await userInfo();
  const pair = opts.pair ?? (!user.current && user.permission.length === 1 ? user.permission[0] : null);
  if (pair) {
    tokens = await data<Tokens>(
      await request.post('/api/auth/selectRole', {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
        data: { branchCode: pair.branchCode, roleCode: pair.roleCode },
      }),
    );
    user = await userInfo();
  }
  const values: Record<string, string> = {
    token: tokens.access_token,
    refreshToken: tokens.refresh_token,
    tokenIat: String(Math.floor(Date.now() / 1000)),
    tokenExpMs: String(tokens.expires_in),
    loginIssuedAt: String(user.loginIssuedAt),
    userInfo: JSON.stringify(user),
    language: opts.lang ?? 'th',
  };
  // An init script runs at every load: each stores its session once (the newest wins), so a
  // test that later signs out, clears the device or reloads is not signed back in. The mark
  // is kept in both storages: clearing one of them does not make the session come back.
  const seed = ++seeds;
  await page.addInitScript(
    ({ seed, values }) => {
      try {
        const done = (s: Storage) => Number(s.getItem('e2e.seed') ?? 0) >= seed;
        if (done(localStorage) || done(sessionStorage)) return;
        for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
        localStorage.setItem('e2e.seed', String(seed));
        sessionStorage.setItem('e2e.seed', String(seed));
      } catch {
        /* a document without storage (about:blank) */
      }
    },
    { seed, values },
  );
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form[name=login] button[type=submit]').click();
}
