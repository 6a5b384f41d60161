import { expect, test } from './fixtures';
import { shot } from './auth-helpers';
import { expectedSidebar, openAs, sidebarLabels } from './helpers';
import { chip, dishCard, nextWeekday, o, openForm, orderRow, ORDER_TAKER, submit } from './orders-helpers';

// The ordering screens in English (issue 14): an Order Taker who reads English sees the list,
// the form, the allergy warning, the alternative-note dialog, the answer and the order's details
// in English — the labels of the screen and the names of dishes, allergens and statuses.

const THAI = /[\u0E00-\u0E7F]/;

test('an Order Taker orders in English: list, form, allergy warning, note and details all in English', async ({ page }) => {
  await openAs(page, ORDER_TAKER, '/auth', { lang: 'en' });
  await expect(page).toHaveURL(/\/auth\/order$/);
  expect(await sidebarLabels(page)).toEqual(expectedSidebar('BOD', 'en'));

  // SRP01-HN10024 is allergic to shrimp (pkg/demo: n = 23); Monday's dinner has clear tom yum with shrimp (M011)
  const date = nextWeekday(1);
  const hn = 'SRP01-HN10024';
  const row = await orderRow(page, date, hn);
  await expect(row.getByTestId('allergies')).toContainText('Shrimp');
  await expect(chip(row, 'MT03')).toContainText(o('status.NOT_ORDERED', 'en'));
  await expect(page.getByTestId('orders-table').locator('thead')).not.toContainText(THAI);

  const form = await openForm(page, row, 'MT03');
  await expect(form.getByTestId('patient-header').getByTestId('allergies')).toContainText('Shrimp');
  const tomyum = dishCard(form, 'M011');
  await expect(tomyum).toContainText('Clear tom yum soup with shrimp');
  await expect(tomyum.getByTestId('conflicts')).toContainText('Shrimp');
  await expect(tomyum.getByTestId('conflicts')).not.toContainText(THAI);

  await tomyum.click();
  const modal = page.locator('.ant-modal-content').filter({ hasText: o('note.label', 'en') });
  await expect(modal).toBeVisible();
  await modal.getByTestId('note-accept').click();
  await expect(modal.getByText(o('note.required', 'en'))).toBeVisible();
  await modal.getByTestId('note-input').fill('No shrimp, chicken instead');
  await modal.getByTestId('note-accept').click();
  await expect(modal).toBeHidden();
  await expect(tomyum).toHaveAttribute('data-chosen', 'true');
  await dishCard(form, 'M004').click();
  await expect(dishCard(form, 'M004')).toHaveAttribute('data-chosen', 'true');
  await shot(page, 'orders-form-en');
  expect(await submit(page)).toBe(200);
  await expect(page.getByText(o('messages.submitted', 'en'))).toBeVisible();

  const after = await orderRow(page, date, hn);
  await expect(chip(after, 'MT03')).toHaveAttribute('data-status', 'WAITING');
  await expect(chip(after, 'MT03')).toContainText(o('status.WAITING', 'en'));
  await chip(after, 'MT03').click();
  const details = page.locator('.ant-drawer-content');
  await expect(details.getByTestId('details-status')).toHaveText(o('status.WAITING', 'en'));
  await expect(details.getByTestId('details-items')).toContainText('Clear tom yum soup with shrimp');
  await expect(details.getByTestId('details-items')).toContainText('No shrimp, chicken instead');
  await shot(page, 'orders-details-en');
});
