import { expect, test } from './fixtures';
import { createAccount, registerAccount, stamp, u } from './users-helpers';
import { openAs } from './helpers';

// The accounts list keeps its search, status filter and sort in the address: a reload shows
// the same rows.

test('accounts: status filter, search and sort survive a reload', async ({ page, request }) => {
  const id = stamp();
  const codes = ['A', 'B', 'C'].map((x) => `LS${id}${x}`);
  const ids: number[] = [];
  for (const code of codes) ids.push(await createAccount(request, { email: `${code.toLowerCase()}@samrap.local`, employeeCode: code }));
  await registerAccount(request, ids[2], `${codes[2].toLowerCase()}@samrap.local`); // C is active, A and B not invited

  await openAs(page, 'superadmin@samrap.local', '/auth');
  await expect(page).toHaveURL(/\/auth\/users$/);
  const table = page.getByTestId('users-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await page.getByTestId('users-search').fill(`LS${id}`);
  await page.getByTestId('users-search').press('Enter');
  await expect(rows).toHaveCount(3);
  await page.getByTestId('status-filter').getByText(u('status.NOT_INVITED'), { exact: true }).click();
  await expect(rows).toHaveCount(2);
  const code = table.getByRole('columnheader', { name: u('columns.employeeCode'), exact: true });
  await code.click();
  await expect(code).toHaveAttribute('aria-sort', 'ascending');
  await code.click();
  await expect(code).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(new RegExp(`/auth/users\\?q=LS${id}&status=NOT_INVITED&sort=-employeeCode$`));

  const sameView = async () => {
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(codes[1]);
    await expect(rows.nth(1)).toContainText(codes[0]);
    await expect(page.getByTestId('users-search')).toHaveValue(`LS${id}`);
    await expect(page.getByTestId('status-filter').locator('.ant-segmented-item-selected')).toHaveText(u('status.NOT_INVITED'));
    await expect(code).toHaveAttribute('aria-sort', 'descending');
  };
  await sameView();
  await page.reload();
  await sameView();

  // the filter changed after the reload still works from the address
  await page.getByTestId('status-filter').getByText(u('status.ACTIVE'), { exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(codes[2]);
  await expect(page).toHaveURL(new RegExp(`/auth/users\\?q=LS${id}&status=ACTIVE&sort=-employeeCode$`));
});
