import { expect, test } from './fixtures';
import { shared } from './helpers';
import { signInNutritionist, toast } from './master-data-helpers';
import { closeDropdown, codeRow, mn, pick } from './menus-helpers';

const ORANGE = 'rgb(246, 141, 46)'; // IDDSI 5
const BLACK = 'rgb(0, 0, 0)';

test('dish form: ingredients picked → allergen chips, the IDDSI level on its colour, saved and shown in the list; ลบ; a dish in use (Thai)', async ({ page }) => {
  await signInNutritionist(page, 'th', '/auth/menu');
  await expect(page.getByRole('heading', { name: mn('th', 'screens.menu') })).toBeVisible();

  // a demo dish (found by its code): steamed egg custard, minced & moist (IDDSI 5, orange), egg allergy, eggs-and-dairy restricted
  await page.getByPlaceholder(mn('th', 'menu.search')).fill('M014');
  await page.getByPlaceholder(mn('th', 'menu.search')).press('Enter');
  await expect(page).toHaveURL(/q=M014/);
  const custard = codeRow(page, 'menus-table', 'M014');
  await expect(custard.getByTestId('iddsi-tag')).toHaveText(mn('th', 'iddsi.label', { level: 5, name: mn('th', 'iddsi.FOOD.5') }));
  await expect(custard.getByTestId('iddsi-tag')).toHaveCSS('background-color', ORANGE);
  await expect(custard.getByTestId('allergen-chip')).toHaveText(['ไข่']);
  await expect(custard.getByTestId('restricted-chip')).toHaveText(['ไข่และนม']);

  // a new dish
  await page.getByTestId('list-add').click();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer.getByText(mn('th', 'menu.addTitle'))).toBeVisible();
  await drawer.getByTestId('field-code').fill('MZ01');
  await drawer.getByTestId('field-nameTh').fill('ข้าวต้มกุ้งสับ');
  await drawer.getByTestId('field-nameEn').fill('Rice porridge with minced shrimp');
  await pick(page, drawer.getByTestId('field-cuisineTypeId'), 'CU01 · ครัวไทย');
  await pick(page, drawer.getByTestId('field-mealComponentId'), 'MP01 · อาหารจานหลัก');

  // texture: a food offers levels 3–7; level 5 shows on its colour with its name
  await drawer.getByTestId('field-iddsiLevel').click();
  const levels = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(levels).toHaveCount(5);
  await expect(levels.first()).toContainText('IDDSI 3');
  await levels.filter({ hasText: 'IDDSI 5' }).click();
  const preview = drawer.getByTestId('iddsi-preview').getByTestId('iddsi-tag');
  await expect(preview).toHaveText(mn('th', 'iddsi.label', { level: 5, name: mn('th', 'iddsi.FOOD.5') }));
  await expect(preview).toHaveCSS('background-color', ORANGE);
  await expect(preview).toHaveCSS('color', BLACK);

  // no ingredient yet: no allergen
  const chips = drawer.getByTestId('derived-chips');
  await expect(chips).toHaveText(mn('th', 'menu.noAllergens'));
  // ingredients: shrimp and egg (allergens), pork (restricted) → their chips
  await pick(page, drawer.getByTestId('field-allergenIds'), 'AL01 · กุ้ง');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'AL04 · ไข่' }).click();
  await closeDropdown(page);
  await pick(page, drawer.getByTestId('field-restrictedIds'), 'RI01 · เนื้อหมู');
  await closeDropdown(page);
  await expect(chips.getByTestId('allergen-chip')).toHaveText(['กุ้ง', 'ไข่']);
  await expect(chips.getByTestId('restricted-chip')).toHaveText(['เนื้อหมู']);
  // egg taken out again: its chip goes
  await drawer.getByTestId('field-allergenIds').locator('.ant-select-selection-item', { hasText: 'AL04' }).locator('.ant-select-selection-item-remove').click();
  await expect(chips.getByTestId('allergen-chip')).toHaveText(['กุ้ง']);

  await drawer.getByTestId('field-price').fill('55');
  const saved = page.waitForRequest((r) => r.url().includes('/api/parameter/updateMenu') && r.method() === 'POST');
  await drawer.getByTestId('form-save').click();
  const body = (await saved).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ code: 'MZ01', iddsiType: 'FOOD', iddsiLevel: 5, price: 55, restrictedIds: [expect.any(Number)] });
  expect(body.allergenIds).toHaveLength(1);
  await expect(toast(page, mn('th', 'toast.created'))).toBeVisible();
  await expect(drawer).toBeHidden();

  // the list shows what the server derived from the ingredients
  await page.getByPlaceholder(mn('th', 'menu.search')).fill('MZ01');
  await page.getByPlaceholder(mn('th', 'menu.search')).press('Enter');
  const mine = codeRow(page, 'menus-table', 'MZ01');
  await expect(mine.getByTestId('allergen-chip')).toHaveText(['กุ้ง']);
  await expect(mine.getByTestId('restricted-chip')).toHaveText(['เนื้อหมู']);
  await expect(mine.getByTestId('iddsi-tag')).toHaveCSS('background-color', ORANGE);

  // a drink: levels 0–4, the food's level is chosen again
  await mine.getByTestId('row-edit').click();
  await expect(drawer.getByTestId('field-code')).toHaveValue('MZ01');
  await drawer.getByTestId('field-iddsiType').getByText(mn('th', 'iddsi.DRINK.type')).click();
  await expect(drawer.getByTestId('iddsi-preview')).toHaveCount(0);
  await drawer.getByTestId('field-iddsiLevel').click();
  await expect(levels).toHaveCount(5);
  await expect(levels.first()).toContainText(`IDDSI 0 · ${mn('th', 'iddsi.DRINK.0')}`);
  await levels.filter({ hasText: 'IDDSI 4' }).click();
  await expect(drawer.getByTestId('iddsi-preview')).toContainText(mn('th', 'iddsi.DRINK.4'));
  await drawer.getByTestId('form-save').click();
  await expect(toast(page, mn('th', 'toast.updated'))).toBeVisible();
  await expect(mine.getByTestId('iddsi-tag')).toContainText(mn('th', 'iddsi.DRINK.4'));

  // status: asks first
  await mine.getByTestId('status-switch').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: shared('th', 'statusConfirm.deactivateOk') }).click();
  await expect(toast(page, shared('th', 'statusConfirm.saved'))).toBeVisible();
  await expect(mine.getByTestId('status-switch')).not.toBeChecked();

  // deletion asks for the word ลบ
  await mine.getByTestId('row-delete').click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('delete-word') });
  await expect(dialog.getByTestId('delete-confirm-ok')).toBeDisabled();
  await dialog.getByTestId('delete-word').fill('ลบ');
  await dialog.getByTestId('delete-confirm-ok').click();
  await expect(toast(page, mn('th', 'toast.deleted'))).toBeVisible();
  await expect(mine).toHaveCount(0);

  // a dish a set uses cannot be deleted: the server's reason in a dialog
  await page.getByPlaceholder(mn('th', 'menu.search')).fill('M001');
  await page.getByPlaceholder(mn('th', 'menu.search')).press('Enter');
  const porridge = codeRow(page, 'menus-table', 'M001');
  await porridge.getByTestId('row-delete').click();
  await dialog.getByTestId('delete-word').fill('ลบ');
  await dialog.getByTestId('delete-confirm-ok').click();
  const refusal = page.locator('.ant-modal-confirm-error');
  await expect(refusal).toContainText(mn('th', 'deleteConfirm.failedTitle'));
  await expect(refusal).toContainText('ไม่สามารถลบได้');
  await refusal.getByRole('button').click();
  await expect(porridge).toBeVisible();
});
