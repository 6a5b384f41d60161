import { expect, test } from './fixtures';
import { deleteRow, drawer, list, md, row, save, shot, signInNutritionist, toast } from './master-data-helpers';

test('religions keep their restricted ingredients; a used ingredient cannot be deleted (Thai)', async ({ page }) => {
  await signInNutritionist(page, 'th', '/auth/religion-vegetarian');
  await expect(page.getByRole('heading', { name: md('th', 'screens.religionVegetarian') })).toBeVisible();
  const islam = row(page, 'Religion', 'RE02');
  await expect(islam.getByTestId('ingredient-tags')).toContainText('เนื้อหมู');
  await expect(islam.getByTestId('ingredient-tags')).toContainText('แอลกอฮอล์');
  await shot(page, 'religion-list-th');

  // Christianity gets beef and garlic/onion (not Buddhism: most demo patients are Buddhist, and a
  // religion that restricts an ingredient is a food rule a free-text meal must be acknowledged against)
  await row(page, 'Religion', 'RE04').getByTestId('row-edit').click();
  const select = drawer(page).getByTestId('field-restrictedIds');
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'RI02' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'RI06' }).click();
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toContainText(md('th', 'form.selected').replace('{{count}}', '2'));
  await shot(page, 'religion-form-th');
  const body = page.waitForRequest((r) => r.url().includes('/updateReligion'));
  await save(page);
  const sent = (await body).postDataJSON() as { restrictedIds: number[]; code: string };
  expect(sent.code).toBe('RE04');
  expect(sent.restrictedIds).toHaveLength(2);
  await expect(toast(page, md('th', 'toast.updated'))).toBeVisible();
  await expect(row(page, 'Religion', 'RE04').getByTestId('ingredient-tags')).toContainText('เนื้อวัว');
  await expect(row(page, 'Religion', 'RE04').getByTestId('ingredient-tags')).toContainText('กระเทียมและหัวหอม');

  // Islam drops alcohol
  await islam.getByTestId('row-edit').click();
  await drawer(page).locator('.ant-select-selection-item', { hasText: 'RI03' }).locator('.ant-select-selection-item-remove').click();
  await save(page);
  await expect(toast(page, md('th', 'toast.updated'))).toBeVisible();
  await expect(islam.getByTestId('ingredient-tags')).not.toContainText('แอลกอฮอล์');
  await expect(islam.getByTestId('ingredient-tags')).toContainText('เนื้อหมู');

  // vegetarian types in their tab (kept in the address)
  await page.getByRole('tab', { name: md('th', 'kinds.Vegetarian') }).click();
  await expect(page).toHaveURL(/tab=Vegetarian/);
  await expect(row(page, 'Vegetarian', 'VG03').getByTestId('ingredient-tags')).toContainText('+1');
  await shot(page, 'vegetarian-list-th');

  // a restricted ingredient a religion uses cannot be deleted: the modal says where
  await page.goto('/auth/allergen-restricted?tab=Restricted');
  await expect(list(page, 'Restricted')).toBeVisible();
  await deleteRow(page, 'Restricted', 'RI01');
  const inUse = page.locator('.ant-modal-confirm', { hasText: md('th', 'deleteConfirm.inUseTitle') });
  await expect(inUse).toBeVisible();
  await expect(inUse).toContainText(/ศาสนา|มังสวิรัติ/);
  await shot(page, 'restricted-in-use-th');
  await inUse.getByRole('button').click();
  await expect(row(page, 'Restricted', 'RI01')).toBeVisible();
});

test('religions in English', async ({ page }) => {
  await signInNutritionist(page, 'en', '/auth/religion-vegetarian');
  await expect(row(page, 'Religion', 'RE03').getByTestId('ingredient-tags')).toContainText('Beef');
  await row(page, 'Religion', 'RE03').getByTestId('row-edit').click();
  await expect(drawer(page)).toContainText(md('en', 'fields.restrictedIds'));
  await expect(drawer(page).locator('.ant-select-selection-item', { hasText: 'RI02 · Beef' })).toBeVisible();
  await shot(page, 'religion-form-en');
});
