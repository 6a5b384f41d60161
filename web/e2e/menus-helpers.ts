// Shared steps of the menus browser tests (menus-*.spec.ts).
import { expect, type Locator, type Page } from '@playwright/test';
import { text } from './helpers';

/** A text of locales/<lang>/menus.json, with {{values}} filled in. */
export function mn(lang: 'th' | 'en', key: string, values: Record<string, string | number> = {}): string {
  return Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text(lang, 'menus', key));
}

/** The row of a list (by its test id) whose first cell is this code. */
export function codeRow(page: Page, table: string, code: string): Locator {
  return page.getByTestId(table).locator('tbody tr.ant-table-row', { has: page.locator('td', { hasText: new RegExp(`^${code}$`) }) });
}

/**
 * Chooses an option of an Ant Design select (with search) by its visible label, typed first:
 * the option list is virtual, so a long one renders only the options in view.
 */
export async function pick(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Closes an open select's dropdown by clicking the drawer's title. */
export async function closeDropdown(page: Page): Promise<void> {
  await page.locator('.ant-drawer-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** The error shown under a form field (antd's `<form>_<field>_help`). */
export function fieldError(scope: Locator, field: string): Locator {
  return scope.locator(`[id$="_${field}_help"] .ant-form-item-explain-error`);
}
