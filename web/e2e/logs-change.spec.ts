import { expect, test } from './fixtures';
import { shot } from './auth-helpers';
import { openAs, shared } from './helpers';
import { choose, lg, openFromSidebar, rows, signInAs } from './logs-helpers';
import { drawer, list, md, row, save, signInNutritionist, toast } from './master-data-helpers';

test.describe.configure({ mode: 'serial' });

const OLD_NAME = 'อาหารบันทึกการเปลี่ยนแปลง';
const NEW_NAME = 'อาหารบันทึกการเปลี่ยนแปลง (แก้ไข)';
let recordKey = '';

test('the Nutritionist adds a food type and renames it (the changes to find)', async ({ page }) => {
  await signInNutritionist(page, 'th', '/auth/food-type');
  await list(page, 'DietType').getByTestId('list-add').click();
  await drawer(page).getByTestId('field-code').fill('LG01');
  await drawer(page).getByTestId('field-nameTh').fill(OLD_NAME);
  await drawer(page).getByTestId('field-nameEn').fill('Change log diet');
  await save(page);
  await expect(toast(page, md('th', 'toast.created'))).toBeVisible();
  await expect(drawer(page)).toBeHidden();
  await row(page, 'DietType', 'LG01').getByTestId('row-edit').click();
  await drawer(page).getByTestId('field-nameTh').fill(NEW_NAME);
  await save(page);
  await expect(toast(page, md('th', 'toast.updated'))).toBeVisible();
  await expect(row(page, 'DietType', 'LG01')).toContainText(NEW_NAME);
});

test('the Branch Admin of SRP01 finds the rename field by field, then the record’s whole history (Thai, then English)', async ({ page }) => {
  await signInAs(page, 'branchadmin@samrap.local', 'th');
  await expect(page).toHaveURL(/\/auth\//);
  await openFromSidebar(page, 'th', 'menu.changeLog');
  await expect(page).toHaveURL(/\/auth\/change-log$/);
  await expect(page.getByRole('heading', { name: lg('th', 'changes.title') })).toBeVisible();
  await choose(page, page.getByTestId('change-entity-filter'), 'ประเภทอาหาร', 'ประเภทอาหาร');
  await expect(page).toHaveURL(/entity=diet_type/);
  const list = rows(page, 'change-log-table');
  const newest = list.first();
  await expect(newest.getByTestId('change-action')).toHaveText(lg('th', 'changes.update'));
  await expect(newest.getByTestId('change-entity')).toHaveText('ประเภทอาหาร');
  await expect(newest.getByTestId('change-by')).toHaveText('D0004');
  await expect(newest).toContainText('สุดา โภชนา');
  const name = newest.locator('[data-field="name_th"]');
  await expect(name.getByTestId('change-label')).toHaveText('ชื่อ (ไทย)');
  await expect(name.getByTestId('change-before')).toHaveText(OLD_NAME);
  await expect(name.getByTestId('change-after')).toHaveText(NEW_NAME);
  // an unchanged field is not listed
  await expect(newest.locator('[data-field="code"]')).toHaveCount(0);
  await shot(page, 'logs-change-th');
  // the record by its code and name, its key kept for the filter (QA #8)
  await expect(newest.getByTestId('change-name')).toHaveText(`LG01 ${NEW_NAME}`);
  recordKey = (await newest.getByTestId('change-key').getAttribute('data-key')) ?? '';
  expect(recordKey).toMatch(/^\d+$/);

  // the record's whole history: the rename, then its creation with the fields it set
  await page.getByTestId('change-record').fill(recordKey);
  await page.getByTestId('change-record').press('Enter');
  await expect(page).toHaveURL(new RegExp(`record=${recordKey}`));
  await expect(list).toHaveCount(2);
  const created = list.nth(1);
  await expect(created.getByTestId('change-action')).toHaveText(lg('th', 'changes.create'));
  // a row shows its first fields, the rest a click away
  await expect(created.getByTestId('change-field')).toHaveCount(3);
  await created.getByTestId('change-more').click();
  await expect(created.locator('[data-field="code"]').getByTestId('change-after')).toHaveText('LG01');
  // a creation shows the values it set, no empty "before"
  await expect(created.getByTestId('change-before')).toHaveCount(0);
  await expect(created.locator('[data-field="active"]').getByTestId('change-after')).toHaveText(lg('th', 'value.yes'));

  // in English: the server's labels follow the interface language
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(list.first().getByTestId('change-action')).toHaveText(lg('en', 'changes.update'));
  await expect(list.first().getByTestId('change-entity')).toHaveText('Diet types');
  await expect(list.first().locator('[data-field="name_th"]').getByTestId('change-label')).toHaveText('Name (Thai)');
  await expect(page.getByTestId('change-entity-filter')).toContainText('Diet types');
  await shot(page, 'logs-change-en');
});

test('the Branch Admin of SRP02 never sees SRP01’s changes', async ({ page }) => {
  await openAs(page, 'multi@samrap.local', '/auth/change-log?entity=diet_type', { pair: { branchCode: 'SRP02', roleCode: 'BAM' } });
  const list = rows(page, 'change-log-table');
  // SRP02's own diet types (the demo data) are there, SRP01's rename is not
  await expect(list.first().getByTestId('change-entity')).toHaveText('ประเภทอาหาร');
  await expect(page.getByTestId('change-log-table')).not.toContainText(NEW_NAME);
  await page.goto(`/auth/change-log?entity=diet_type&record=${recordKey}`);
  await expect(page.getByTestId('change-log-table').locator('.ant-empty')).toBeVisible();
  await expect(list).toHaveCount(0);
});

test('the Super Admin sees the change with its branch and narrows to another branch', async ({ page }) => {
  await openAs(page, 'superadmin@samrap.local', `/auth/change-log?record=${recordKey}&entity=diet_type`);
  const list = rows(page, 'change-log-table');
  await expect(list).toHaveCount(2);
  await expect(list.first().getByTestId('entry-branch')).toHaveText('SRP01');
  await choose(page, page.getByTestId('log-branch'), 'SRP02');
  await expect(page).toHaveURL(/branch=SRP02/);
  await expect(page.getByTestId('change-log-table').locator('.ant-empty')).toBeVisible();
  await choose(page, page.getByTestId('log-branch'), shared('th', 'filter.allBranches'));
  await expect(list).toHaveCount(2);
});
