import { expect, test } from '@playwright/test';
import { shot } from './auth-helpers';
import { findPatient } from './patients-helpers';
import { text } from './helpers';
import { addDays, bangkokToday, chip, CONTROLLER, dishCard, nextWeekday, o, openForm, openOptions, orderRow, signInAs, submit } from './orders-helpers';

// Issue 14 rule 7: a diet changed after ordering flags the patient's unserved orders for
// review; the list shows them first and marked; a person confirms the order again.

test('a diet change on the patient screen flags the order for review, confirmed on the order list', async ({ page }) => {
  await signInAs(page, CONTROLLER, /\/auth\/patient$/);
  const date = addDays(bangkokToday(), 1);
  const hn = 'SRP01-HN10002';
  const row = await orderRow(page, date, hn);
  const form = await openForm(page, row, 'MT03');
  await form.getByTestId('course-type').getByText(o('courseType.SPECIFIC')).click();
  await form.getByTestId('description').fill('ข้าวสวย แกงจืด');
  expect(await submit(page)).toBe(200);
  await expect(page.getByTestId('orders-table').locator(`tr[data-hn="${hn}"] [data-testid="row-review"]`)).toHaveCount(0);

  // the Controller changes the diet on /auth/patient (to another active diet: the master-data
  // specs change SRP01's diet types, so none is named)
  await page.goto('/auth/patient');
  const patient = await findPatient(page, hn);
  await patient.getByTestId('row-edit').click();
  const edit = page.getByTestId('patient-form');
  await edit.getByTestId('field-dietTypeId').click();
  await openOptions(page).and(page.locator(':not(.ant-select-item-option-selected)')).first().click();
  const saved = page.waitForResponse((r) => r.url().includes('/api/patient/updatePatientInfo'));
  await edit.getByTestId('patient-form-save').click();
  expect((await saved).status()).toBe(200);

  // flagged: first among the flagged rows, marked, the order says why
  await page.goto(`/auth/order?date=${date}&status=NEEDS_REVIEW`);
  const flagged = page.getByTestId('orders-table').locator(`tr[data-hn="${hn}"]`);
  await expect(flagged.getByTestId('row-review')).toBeVisible();
  await expect(page.getByTestId('orders-table').locator('tbody tr.ant-table-row').first()).toHaveAttribute('data-review', 'true');
  await expect(chip(flagged, 'MT03').locator('[aria-label]').last()).toBeVisible();
  await shot(page, 'orders-needs-review');
  await chip(flagged, 'MT03').click();
  const details = page.locator('.ant-drawer-content');
  await expect(details.getByTestId('review-alert')).toContainText(text('th', 'common', 'reviewReason.DIET'));
  const reviewed = page.waitForResponse((r) => r.url().includes('/api/takerOrder/confirmReview'));
  await details.getByTestId('review-confirm').click();
  expect((await reviewed).status()).toBe(200);
  await expect(page.getByText(o('messages.reviewed'))).toBeVisible();
  await expect(details.getByTestId('review-alert')).toHaveCount(0);
  const after = await orderRow(page, date, hn);
  await expect(after.getByTestId('row-review')).toHaveCount(0);
});

test('an allergy added after ordering: the review is refused until the kitchen\'s alternative is given', async ({ page }) => {
  await signInAs(page, CONTROLLER, /\/auth\/patient$/);
  // SRP01-HN10008 has no allergy; Monday's dinner: rice (M004) and clear tom yum with shrimp (M011)
  const date = nextWeekday(1);
  const hn = 'SRP01-HN10008';
  const row = await orderRow(page, date, hn);
  const form = await openForm(page, row, 'MT03');
  await dishCard(form, 'M004').click();
  await dishCard(form, 'M011').click();
  await expect(dishCard(form, 'M011')).toHaveAttribute('data-chosen', 'true');
  expect(await submit(page)).toBe(200);

  // the Controller records a shrimp allergy
  await page.goto('/auth/patient');
  const patient = await findPatient(page, hn);
  await patient.getByTestId('row-edit').click();
  const edit = page.getByTestId('patient-form');
  await edit.getByTestId('field-allergenIds').click();
  await openOptions(page).filter({ hasText: 'กุ้ง' }).click();
  await page.keyboard.press('Escape');
  const saved = page.waitForResponse((r) => r.url().includes('/api/patient/updatePatientInfo'));
  await edit.getByTestId('patient-form-save').click();
  expect((await saved).status()).toBe(200);

  const flagged = await orderRow(page, date, hn);
  await expect(flagged.getByTestId('row-review')).toBeVisible();
  await chip(flagged, 'MT03').click();
  const details = page.locator('.ant-drawer-content');
  await expect(details.getByTestId('review-alert')).toContainText(text('th', 'common', 'reviewReason.ALLERGY'));
  let reviewed = page.waitForResponse((r) => r.url().includes('/api/takerOrder/confirmReview'));
  await details.getByTestId('review-confirm').click();
  expect((await reviewed).status()).toBe(422);
  await expect(details.getByTestId('details-problems')).toContainText('กุ้ง');
  await expect(details.getByTestId('review-confirm')).toBeDisabled();
  await details.getByTestId('review-note').fill('ไม่ใส่กุ้ง ใช้ปลาแทน');
  reviewed = page.waitForResponse((r) => r.url().includes('/api/takerOrder/confirmReview'));
  await details.getByTestId('review-confirm').click();
  expect((await reviewed).status()).toBe(200);
  await expect(details.getByTestId('review-alert')).toHaveCount(0);
  await expect(details.getByTestId('details-items')).toContainText('ไม่ใส่กุ้ง ใช้ปลาแทน');
});
