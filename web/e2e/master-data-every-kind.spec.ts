import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { shared, text } from './helpers';
import { drawer, list, md, shot, signInNutritionist, signInNutritionistSRP02 } from './master-data-helpers';
import { KINDS } from '@/features/master-data/kinds';
import { screenLabel } from '@/app/routes';

// Independent tests (SRP02, one screen each): let both workers take them.
test.describe.configure({ mode: 'parallel' });

/** Every master-data screen, its kinds (tabs) and the field labels its form shows. */
const SCREENS: { path: string; title: string; kinds: (keyof typeof KINDS)[] }[] = [
  { path: 'food-type', title: 'foodType', kinds: ['DietType'] },
  { path: 'disease-food', title: 'diseaseFood', kinds: ['Therapeutic'] },
  { path: 'allergen-restricted', title: 'allergenRestricted', kinds: ['Allergies', 'Restricted'] },
  { path: 'cuisine-type', title: 'cuisineType', kinds: ['CuisineType'] },
  { path: 'meal-type', title: 'mealType', kinds: ['MealTime'] },
  { path: 'food-groups', title: 'foodGroups', kinds: ['MealClass'] },
  { path: 'religion-vegetarian', title: 'religionVegetarian', kinds: ['Religion', 'Vegetarian'] },
  { path: 'nutrients', title: 'nutrients', kinds: ['NutrientUnit'] },
  { path: 'nutrient-targets', title: 'nutrientTargets', kinds: ['NutrientTarget'] },
  { path: 'remark-other', title: 'remarkOther', kinds: ['Remark', 'Other'] },
  { path: 'portions', title: 'portions', kinds: ['MealComponent'] },
  { path: 'tray-category', title: 'trayCategory', kinds: ['TrayCategory'] },
  { path: 'room-and-ward', title: 'roomAndWard', kinds: ['WardType', 'Ward', 'RoomType', 'Room', 'RoomMealClass'] },
];

async function exportAndImportBack(page: Page, type: string): Promise<void> {
  const download = page.waitForEvent('download');
  await list(page, type).getByTestId('list-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${type}_SRP02.xlsx`);
  const buffer = readFileSync(await file.path());
  await list(page, type).getByTestId('list-import').click();
  const modal = page.locator('.ant-modal:visible');
  await modal.locator('input[type=file]').setInputFiles({ name: file.suggestedFilename(), mimeType: 'application/octet-stream', buffer });
  await modal.getByTestId('import-start').click();
  const result = page.getByTestId('import-result');
  await expect(modal.getByTestId('import-problem')).toHaveCount(0);
  await expect(page.getByTestId('import-status')).toContainText(shared('th', 'import.jobStatus.DONE'), { timeout: 30_000 });
  const total = Number(await result.getByTestId('count-totalRows').innerText());
  expect(total, type).toBeGreaterThan(0);
  // the export imports back unchanged (docs/imports.md)
  await expect(result.getByTestId('count-unchanged'), type).toHaveText(String(total));
  await expect(result.getByTestId('count-skipped'), type).toHaveText('0');
  await page.getByTestId('import-close').click();
  await expect(modal).toBeHidden();
}

for (const screen of SCREENS) {
  test(`${screen.path}: every kind lists its rows, offers its form, exports and imports its export back unchanged`, async ({ page }) => {
    // wards and beds: five kinds, each exported and imported back — past a minute on a busy machine
    if (screen.kinds.length > 2) test.slow();
    // SRP02: the other specs change rows of SRP01 at the same time
    await signInNutritionistSRP02(page, `/auth/${screen.path}`);
    for (const [i, type] of screen.kinds.entries()) {
      if (i > 0) await page.getByRole('tab', { name: md('th', `kinds.${type}`), exact: true }).click();
      await expect(page).toHaveURL(i > 0 ? new RegExp(`[?&]tab=${type}`) : new RegExp(`/auth/${screen.path}`));
      await expect(page.getByRole('heading', { name: md('th', `screens.${screen.title}`) })).toBeVisible();
      await expect(list(page, type).locator('tbody tr.ant-table-row').first()).toBeVisible();
      await shot(page, `every-${type}-th`);

      await list(page, type).getByTestId('list-add').click();
      const labels = drawer(page).locator('.ant-form-item-label label');
      const want = [
        md('th', 'fields.code'),
        ...(KINDS[type].noName ? [] : [md('th', 'fields.nameTh'), md('th', 'fields.nameEn')]),
        ...KINDS[type].fields.map((f) => md('th', `fields.${f.name}`)),
      ];
      await expect(labels.first()).toBeVisible();
      expect((await labels.allInnerTexts()).slice(0, want.length)).toEqual(want);
      await drawer(page).getByRole('button', { name: md('th', 'action.cancel') }).click();
      await expect(drawer(page)).toBeHidden();

      await exportAndImportBack(page, type);
    }
  });
}

test('every screen in English', async ({ page }) => {
  await signInNutritionist(page, 'en');
  // from screen to screen through the sidebar, as a person moves (one start of the app)
  const sidebar = page.getByTestId('sidebar');
  for (const screen of SCREENS) {
    const item = sidebar.getByText(text('en', 'layout', screenLabel(`/auth/${screen.path}`)!), { exact: true });
    if (!(await item.isVisible())) await sidebar.getByText(text('en', 'layout', 'menu.masterData'), { exact: true }).click();
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/auth/${screen.path}$`));
    await expect(page.getByRole('heading', { name: md('en', `screens.${screen.title}`) })).toBeVisible();
    const type = screen.kinds[0];
    await expect(list(page, type).getByRole('columnheader', { name: md('en', 'fields.updatedAt') })).toBeVisible();
    await expect(list(page, type).locator('tbody tr.ant-table-row').first()).toContainText(/ 20\d\d /);
    await shot(page, `every-${screen.path}-en`);
  }
});
