import { expect, test } from './fixtures';
import { signInNutritionist, toast } from './master-data-helpers';
import { closeDropdown, codeRow, fieldError, mn, pick } from './menus-helpers';

test('menu sets: dishes chosen → the allergens they bring; the list shows them per portion; a set with no dish is refused (Thai)', async ({ page }) => {
  await signInNutritionist(page, 'th', '/auth/menu-set');
  await expect(page.getByRole('heading', { name: mn('th', 'screens.menuSet') })).toBeVisible();
  // a demo set: its dishes by portion
  await expect(codeRow(page, 'menu-sets-table', 'SET03').getByTestId('set-dishes')).toContainText('ข้าวต้มปลา');

  await page.getByTestId('list-add').click();
  const drawer = page.getByTestId('menu-set-drawer');
  await drawer.getByTestId('field-code').fill('SETZ1');
  await drawer.getByTestId('field-nameTh').fill('ชุดทดสอบ');
  // no dish: refused before any call
  await drawer.getByTestId('form-save').click();
  await expect(fieldError(drawer, 'menuIds')).toHaveText(mn('th', 'menuSet.chooseDishes'));

  // clear tom yum with shrimp (shrimp) and steamed egg custard (egg; eggs and dairy)
  // about a hundred dishes: the list is virtual, so each is found by typing its code
  const dishes = drawer.getByTestId('field-menuIds');
  await dishes.click();
  for (const code of ['M011', 'M014']) {
    await page.keyboard.type(code);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${code} · `) }).click();
  }
  await closeDropdown(page);
  const chips = drawer.getByTestId('derived-chips');
  await expect(chips.getByTestId('allergen-chip')).toHaveText(['กุ้ง', 'ไข่']);
  await expect(chips.getByTestId('restricted-chip')).toHaveText(['ไข่และนม']);
  await pick(page, drawer.getByTestId('field-dietTypeId'), 'DT02 · อาหารอ่อน');
  await drawer.getByTestId('form-save').click();
  await expect(toast(page, mn('th', 'toast.created'))).toBeVisible();

  await page.getByPlaceholder(mn('th', 'menuSet.search')).fill('SETZ1');
  await page.getByPlaceholder(mn('th', 'menuSet.search')).press('Enter');
  const mine = codeRow(page, 'menu-sets-table', 'SETZ1');
  // one line per portion, and what the server derived from the dishes
  await expect(mine.getByTestId('set-dishes').locator('> div')).toHaveText([/ซุป\/สลัด: ต้มยำกุ้งน้ำใส/, /อาหารจานหลัก: ไข่ตุ๋น/]);
  await expect(mine.getByTestId('allergen-chip')).toHaveText(['กุ้ง', 'ไข่']);
  await expect(mine.getByTestId('iddsi-tag')).toHaveCount(2);
  await expect(mine).toContainText('อาหารอ่อน');
});
