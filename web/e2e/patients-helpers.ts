import { expect, type Locator, type Page } from '@playwright/test';
import { openAs, text } from './helpers';

// Helpers of the patient browser tests (issue 12).

export const p = (key: string, lang: 'th' | 'en' = 'th'): string => text(lang, 'patients', key);

export const CONTROLLER = 'controller@samrap.local';

/**
 * Signs the Controller in, in Thai on this device (whatever language another test saved on
 * the shared account): it lands on the patient list.
 */
export async function signInController(page: Page): Promise<void> {
  await openAs(page, CONTROLLER, '/auth');
  await expect(page).toHaveURL(/\/auth\/patient$/);
  await expect(page.getByTestId('patients-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
}

/** Searches the list and answers the one row of that HN. */
export async function findPatient(page: Page, hn: string): Promise<Locator> {
  await page.getByTestId('patients-search').fill(hn);
  await page.getByTestId('patients-search').press('Enter');
  const rows = page.getByTestId('patients-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(hn);
  return rows.first();
}

/** The open list of an Ant Design select. */
export function openOptions(page: Page): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last().locator('.ant-select-item-option');
}

/** A cell of a row by its column key (the list marks each cell with data-col). */
export function cell(row: Locator, column: string): Locator {
  return row.locator(`td[data-col="${column}"]`);
}
