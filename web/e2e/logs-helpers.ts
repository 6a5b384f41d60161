// Shared steps of the log browser tests (logs-*.spec.ts).
import { type Locator, type Page } from '@playwright/test';
import { openAs, text } from './helpers';

/** A text of locales/<lang>/logs.json. */
export function lg(lang: 'th' | 'en', key: string): string {
  return text(lang, 'logs', key);
}

/** Opens the account's first screen signed in, in the language asked (kept on the device). */
export async function signInAs(page: Page, email: string, lang: 'th' | 'en' = 'th', password?: string): Promise<void> {
  await openAs(page, email, '/auth', { lang, password });
}

/** Opens a screen of the sidebar's activity log group. */
export async function openFromSidebar(page: Page, lang: 'th' | 'en', item: 'menu.activityRecord' | 'menu.changeLog'): Promise<void> {
  await page.getByTestId('sidebar').getByText(text(lang, 'layout', 'menu.activityLog')).click();
  await page.getByTestId('sidebar').getByText(text(lang, 'layout', item)).click();
}

/** The rows of a list. */
export function rows(page: Page, testId: string): Locator {
  return page.getByTestId(testId).locator('tbody tr.ant-table-row');
}

/**
 * Chooses an option of an Ant Design select by its visible label. A long list draws only the
 * options in view: `search` types into a searchable select first.
 */
export async function choose(page: Page, select: Locator, option: string | RegExp, search?: string): Promise<void> {
  await select.click();
  if (search) await page.keyboard.type(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}
