// Shared steps of the master-data browser tests (master-data-*.spec.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { openAs, text } from './helpers';

export const NUTRITIONIST = 'nutritionist@samrap.local';

/** A text of locales/<lang>/master-data.json. */
export function md(lang: 'th' | 'en', key: string): string {
  return text(lang, 'master-data', key);
}

/**
 * Opens `path` (by default the Nutritionist's first screen) signed in as the Nutritionist, in the
 * language asked (kept on the device).
 */
export async function signInNutritionist(page: Page, lang: 'th' | 'en' = 'th', path = '/auth'): Promise<void> {
  await openAs(page, NUTRITIONIST, path, { lang });
  await expect(page).toHaveURL(/\/auth\//);
}

/**
 * Opens `path` signed in as multi@, the Nutritionist of SRP02: a branch of its own, so a test
 * there does not meet the rows other tests change at SRP01.
 */
export async function signInNutritionistSRP02(page: Page, path = '/auth'): Promise<void> {
  await openAs(page, 'multi@samrap.local', path, { pair: { branchCode: 'SRP02', roleCode: 'BNT' } });
  await expect(page).toHaveURL(/\/auth\//);
}

/** The list of one kind on the open screen. */
export function list(page: Page, type: string): Locator {
  return page.getByTestId(`list-${type}`);
}

export function row(page: Page, type: string, code: string): Locator {
  return list(page, type).locator('tbody tr.ant-table-row', { has: page.locator('td', { hasText: new RegExp(`^${code}$`) }) });
}

/** The add/edit drawer. */
export function drawer(page: Page): Locator {
  return page.locator('.ant-drawer-content');
}

/** The error shown under a form field (antd's `<form>_<field>_help`). */
export function fieldError(scope: Locator, field: string): Locator {
  return scope.locator(`[id$="_${field}_help"] .ant-form-item-explain-error`);
}

export async function save(page: Page): Promise<void> {
  await page.getByTestId('form-save').click();
}

/**
 * The newest toast (Ant Design notification) with this text. Toasts stay 3 s, so a quick test
 * can show two with the same text at once (a ward then a bed "created"): take the last, not
 * a strict-mode match of both.
 */
export function toast(page: Page, msg: string): Locator {
  return page.locator('.ant-notification-notice', { hasText: msg }).last();
}

/** Chooses an option of an Ant Design select (by its visible label). */
export async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Takes a screenshot when SAMRAP_SHOTS names a folder (to look at the screens). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SAMRAP_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(600); // let Ant Design's transitions end
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** Confirms a deletion by typing the Thai word ลบ. */
export async function deleteRow(page: Page, type: string, code: string, shotName?: string): Promise<void> {
  await row(page, type, code).getByTestId('row-delete').click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('delete-word') });
  await expect(dialog.getByTestId('delete-confirm-ok')).toBeDisabled();
  await dialog.getByTestId('delete-word').fill('del');
  await expect(dialog.getByTestId('delete-confirm-ok')).toBeDisabled();
  await dialog.getByTestId('delete-word').fill('ลบ');
  await expect(dialog.getByTestId('delete-confirm-ok')).toBeEnabled();
  if (shotName) await shot(page, shotName);
  await dialog.getByTestId('delete-confirm-ok').click();
}
