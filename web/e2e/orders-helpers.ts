import { expect, type Locator, type Page } from '@playwright/test';
import { openAs, openScreen, text } from './helpers';

// Helpers of the ordering browser tests (issue 14). Each test orders for its own demo patient
// (pkg/demo/patients.go: SRP01-HN1xxxx, n = xxxx − 10001), so none depends on another's orders.

export const o = (key: string, lang: 'th' | 'en' = 'th'): string => text(lang, 'orders', key);

export const CONTROLLER = 'controller@samrap.local';
export const ORDER_TAKER = 'ordertaker@samrap.local';

/**
 * Opens the account's first screen signed in, in Thai on this device (another test may have
 * saved English on the shared account), and waits for it to be `landing`.
 */
export async function signInAs(page: Page, email: string, landing: RegExp): Promise<void> {
  await openAs(page, email, '/auth');
  await expect(page).toHaveURL(landing);
}

/** Today in Bangkok, YYYY-MM-DD. */
export function bangkokToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The first day from tomorrow (Bangkok) that is this weekday (1 Monday … 7 Sunday): the demo's
 * weekday round (pkg/demo/menus.go) has a fixed menu per weekday, and a future day's meals are
 * never past their time.
 */
export function nextWeekday(isoDay: number): string {
  let day = addDays(bangkokToday(), 1);
  for (let i = 0; i < 7; i++) {
    const dow = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
    if (dow === isoDay) return day;
    day = addDays(day, 1);
  }
  throw new Error('unreachable');
}

/** Opens the order list of a date searched for one HN and answers its row. */
export async function orderRow(page: Page, date: string, hn: string): Promise<Locator> {
  await openScreen(page, `/auth/order?date=${date}&q=${encodeURIComponent(hn)}`);
  const rows = page.getByTestId('orders-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(hn);
  return rows.first();
}

/** A meal chip of a row by meal type code (MT01 breakfast, MT02 lunch, MT03 dinner). */
export function chip(row: Locator, meal: string, caregiver = false): Locator {
  return row.getByTestId(caregiver ? 'caregiver-chip' : 'meal-chip').and(row.locator(`[data-meal="${meal}"]`));
}

/** Opens the order form from a row's meal chip. */
export async function openForm(page: Page, row: Locator, meal: string): Promise<Locator> {
  await chip(row, meal).click();
  await expect(page).toHaveURL(/\/auth\/order\/form\?/);
  const form = page.getByTestId('order-form-page');
  await expect(form.getByTestId('patient-header')).toBeVisible();
  return form;
}

/** A dish card by its code (cards are titled `code · name`). */
export function dishCard(scope: Locator, code: string): Locator {
  return scope.getByTestId('dish-card').filter({ hasText: new RegExp(`^${code} · |\\b${code} · `) });
}

/** The open list of an Ant Design select. */
export function openOptions(page: Page): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last().locator('.ant-select-item-option');
}

/** Clears an Ant Design select that allows clearing. */
export async function clearSelect(select: Locator): Promise<void> {
  await select.hover();
  await select.locator('.ant-select-clear').click();
}

/** Submits the form and answers the submitOrder response. */
export async function submit(page: Page): Promise<number> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/takerOrder/submitOrder'));
  await page.getByTestId('order-submit').click();
  return (await answer).status();
}
