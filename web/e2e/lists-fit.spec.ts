import { expect, test, type Locator } from './fixtures';
import { shot } from './auth-helpers';
import { openAs, text } from './helpers';
import { signInNutritionist } from './master-data-helpers';
import { CONTROLLER } from './orders-helpers';

// QA 2026-11-26 #5 and #10: at 1280 × 800 (the config's viewport) the order list, the patient
// list and the nutritionist's menu and cycle lists show their rows whole. Allergies and NPO are
// safety facts: they are in view without scrolling the table sideways, and nothing sits cut
// under the fixed actions column.

/** The table scrolls no sideways: its content is as wide as the box it is drawn in. */
async function noSidewaysScroll(table: Locator): Promise<void> {
  const box = table.locator('.ant-table-content, .ant-table-body').first();
  const [scroll, client] = await box.evaluate((e) => [e.scrollWidth, e.clientWidth]);
  expect(scroll, `table content ${scroll} px in a ${client} px box`).toBeLessThanOrEqual(client + 1);
}

/** Every element matched is drawn whole inside the viewport (nothing cut at the right). */
async function allInViewport(items: Locator): Promise<void> {
  const n = await items.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) await expect(items.nth(i)).toBeInViewport({ ratio: 1 });
}

for (const lang of ['th', 'en'] as const) {
  test(`the order list at 1280 px: allergies, NPO and every meal chip in view, the HN on one line (${lang})`, async ({ page }) => {
    await openAs(page, CONTROLLER, '/auth/order', { lang });
    const table = page.getByTestId('orders-table');
    const rows = table.locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await noSidewaysScroll(table);
    const first = rows.first();
    await expect(first.getByTestId('safety')).toBeInViewport({ ratio: 1 });
    await allInViewport(first.getByTestId('meal-chip'));
    await allInViewport(first.getByTestId('row-caregiver'));
    // the HN is one line: as tall as a line of its text
    const hn = first.locator('td').nth(1).locator('strong');
    const height = await hn.evaluate((e) => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight));
    expect(height).toBeLessThan(1.5);
    await shot(page, `lists-fit-orders-${lang}`);
  });

  test(`the patient list at 1280 px: allergies and NPO in view without scrolling (${lang})`, async ({ page }) => {
    await openAs(page, CONTROLLER, '/auth/patient', { lang });
    const rows = page.locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    for (const col of ['allergens', 'npo']) {
      await expect(rows.first().locator(`td[data-col="${col}"]`)).toBeInViewport({ ratio: 1 });
    }
    // the subtitle says which patients in words, not by the status code (QA 2026-11-26 #11)
    if (lang === 'th') await expect(page.getByTestId('patients-page').locator('> *').first()).not.toContainText('Current');
    await shot(page, `lists-fit-patients-${lang}`);
  });

  for (const [path, testId, safety] of [
    ['/auth/menu', 'menus-table', 'row-allergens'],
    ['/auth/menu-set', 'menu-sets-table', 'allergens-header'],
    ['/auth/cycle-menu', 'cycles-table', null],
  ] as const) {
    test(`${path} at 1280 px: the status and the allergens are in view, none under the fixed actions column (${lang})`, async ({ page }) => {
      await signInNutritionist(page, lang, path);
      const table = page.getByTestId(testId);
      const first = table.locator('tbody tr.ant-table-row').first();
      await expect(first).toBeVisible();
      const actions = await table.locator('thead th').last().boundingBox();
      const clear = async (l: Locator) => {
        await expect(l).toBeInViewport({ ratio: 1 });
        const b = await l.boundingBox();
        expect((b?.x ?? Infinity) + (b?.width ?? 0)).toBeLessThanOrEqual((actions?.x ?? 0) + 1);
      };
      await clear(first.getByTestId('status-switch'));
      if (safety === 'allergens-header') await clear(table.locator('thead th', { hasText: text(lang, 'menus', 'fields.allergens') }));
      else if (safety) await clear(table.getByTestId(safety).first());
      await shot(page, `lists-fit-${testId}-${lang}`);
      if (testId !== 'cycles-table') return;
      // a round's day grid: every meal type's column in view, dinner included
      await table.locator('tbody tr.ant-table-row', { hasText: 'CY-WEEK' }).getByTestId('row-grid').click();
      const grid = page.getByTestId('cycle-grid');
      await expect(grid.getByTestId('cell-item').first()).toBeVisible();
      await allInViewport(grid.locator('[data-testid^="meal-header-"]'));
      await noSidewaysScroll(grid);
      await shot(page, `lists-fit-cycle-grid-${lang}`);
    });
  }
}
