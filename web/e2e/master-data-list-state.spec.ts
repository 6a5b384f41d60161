import { expect, test } from './fixtures';
import { shared, text } from './helpers';
import { list, md, row, signInNutritionist } from './master-data-helpers';

// A list's search, filter, page, size and sort live in the address: a reload, a shared link
// or Back shows the same view; a bad value in the address falls back to the default.

test('nutrient units: search, sort and page survive a reload and Back', async ({ page }) => {
  await signInNutritionist(page, 'th');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const tag = `LS${Date.now().toString(36).toUpperCase()}`;
  for (let i = 1; i <= 12; i++) {
    const n = String(i).padStart(2, '0');
    const res = await page.request.post('/api/parameter/updateNutrientUnit', {
      headers: { Authorization: `Bearer ${token}` },
      data: { branchCode: 'SRP01', code: `${tag}${n}`, nameTh: `หน่วยทดสอบ ${n}`, nameEn: `Test unit ${n}`, unit: 'g' },
    });
    expect(res.status()).toBe(200);
  }

  // SRP01 rows of a kind no other spec counts (they change cuisine types and remarks)
  await page.goto('/auth/nutrients');
  const cu = list(page, 'NutrientUnit');
  const search = cu.getByPlaceholder(md('th', 'action.search'));
  await search.fill(tag);
  await search.press('Enter');
  await expect(cu.locator('.ant-pagination')).toContainText(shared('th', 'list.total', { from: '1', to: '12', total: '12' }));
  // ten a page, sorted by code descending, second page
  await cu.locator('.ant-pagination-options .ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '10' }).first().click();
  await expect(page).toHaveURL(/size=10/);
  const code = cu.getByRole('columnheader', { name: md('th', 'fields.code'), exact: true });
  // one click at a time: a second click before the first sort is applied would sort ascending again
  await code.click();
  await expect(code).toHaveAttribute('aria-sort', 'ascending');
  await code.click();
  await expect(code).toHaveAttribute('aria-sort', 'descending');
  await cu.locator('.ant-pagination-item-2').click();
  await expect(page).toHaveURL(new RegExp(`/auth/nutrients\\?q=${tag}&page=2&size=10&sort=-code$`));

  const sameView = async () => {
    await expect(cu.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await expect(cu.locator('tbody tr.ant-table-row').first()).toContainText(`${tag}02`);
    await expect(row(page, 'NutrientUnit', `${tag}01`)).toBeVisible();
    await expect(search).toHaveValue(tag);
    await expect(code).toHaveAttribute('aria-sort', 'descending');
    await expect(cu.locator('.ant-pagination-item-2')).toHaveClass(/ant-pagination-item-active/);
    await expect(cu.locator('.ant-pagination')).toContainText(shared('th', 'list.total', { from: '11', to: '12', total: '12' }));
  };
  await sameView();

  const reloaded = page.waitForRequest(
    (r) => r.url().includes('/searchNutrientUnit') && r.url().includes('page=2') && r.url().includes('size=10') && r.url().includes('sortDesc=true'),
  );
  await page.reload();
  await reloaded;
  await sameView();

  // to another screen and Back
  await page.getByTestId('sidebar').getByText(text('th', 'layout', 'menu.foodType')).click();
  await expect(page).toHaveURL(/\/auth\/food-type$/);
  await page.goBack();
  await sameView();

  // clearing the search starts again at page 1, keeping size and sort
  await search.fill('');
  await expect(page).toHaveURL(/\/auth\/nutrients\?size=10&sort=-code$/);
  await expect(cu.locator('.ant-pagination-item-1')).toHaveClass(/ant-pagination-item-active/);
});

test('tabs: bad values in the address fall back, a new tab starts fresh, a reload keeps tab and list', async ({ page }) => {
  await signInNutritionist(page, 'th');
  const first = page.waitForRequest((r) => r.url().includes('/searchRestricted'));
  await page.goto('/auth/allergen-restricted?tab=Restricted&status=INACTIVE&page=abc&size=7&sort=password&q=%20');
  const url = new URL((await first).url());
  expect(url.searchParams.get('page')).toBe('1');
  expect(url.searchParams.get('size')).toBe('20');
  expect(url.searchParams.get('status')).toBe('INACTIVE');
  expect(url.searchParams.has('sortBy')).toBe(false);
  expect(url.searchParams.has('criteria')).toBe(false);
  const rs = list(page, 'Restricted');
  await expect(rs.getByTestId('list-status')).toContainText(md('th', 'status.INACTIVE'));

  // another tab: its list starts with nothing of the last one
  await page.getByRole('tab', { name: md('th', 'kinds.Allergies') }).click();
  await expect(page).toHaveURL(/\/auth\/allergen-restricted\?tab=Allergies$/);
  const al = list(page, 'Allergies');
  await expect(al.getByTestId('list-status')).toContainText(md('th', 'status.all'));
  await al.getByPlaceholder(md('th', 'action.search')).fill('AL02');
  await al.getByPlaceholder(md('th', 'action.search')).press('Enter');
  await expect(al.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page).toHaveURL(/\/auth\/allergen-restricted\?tab=Allergies&q=AL02$/);

  await page.reload();
  await expect(page.getByRole('tab', { name: md('th', 'kinds.Allergies') })).toHaveAttribute('aria-selected', 'true');
  await expect(al.getByPlaceholder(md('th', 'action.search'))).toHaveValue('AL02');
  await expect(al.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(row(page, 'Allergies', 'AL02')).toBeVisible();
});
