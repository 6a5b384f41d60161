import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
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

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form[name=login] button[type=submit]').click();
}
