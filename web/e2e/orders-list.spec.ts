import { expect, test, type Locator, type Page } from './fixtures';
import { apiSignIn, shot } from './auth-helpers';
import { addDays, bangkokToday, chip, CONTROLLER, o, openOptions, orderRow } from './orders-helpers';
import { data } from './trays-helpers';
import { openAs, openScreen, storeSession } from './helpers';

// The order list (issue 25 §3): the status filter narrowed to one meal type ("no lunch yet"),
// the ward filter found by its code, and the list on a phone. SRP01-HN10044 (pkg/demo: n = 43,
// ward W04, no NPO) is this spec's own patient, on a day nine days ahead no other spec orders.

const HN = 'SRP01-HN10044';
const DAY = addDays(bangkokToday(), 9);

type MealType = { id: number; code: string; nameTh: string };

/** The branch's meal types, and HN's lunch on DAY ordered through the API (once: a second run finds it ordered). */
async function orderLunch(page: Page): Promise<MealType[]> {
  const headers = { Authorization: `Bearer ${await apiSignIn(page.request, 'ordertaker@samrap.local')}` };
  const meals = await data<MealType[]>(await page.request.get('/api/takerOrder/getMealType?branchCode=SRP01', { headers }));
  const lunch = meals.find((m) => m.code === 'MT02')!;
  const res = await page.request.post('/api/takerOrder/submitOrder', {
    headers,
    data: {
      branchCode: 'SRP01', hnId: HN, idempotencyKey: crypto.randomUUID(), dates: [DAY], mealTimeIds: [lunch.id],
      caregiver: false, orderType: 'ORD', foodScope: 'NORMAL', courseType: 'SPECIFIC', description: 'ข้าวต้มปลา', items: [],
      otherIds: [], remarkIds: [], remark: '', charge: false, dysphagiaFoodType: null, unmappedAllergiesChecked: false,
    },
  });
  expect([200, 409], await res.text()).toContain(res.status());
  return meals;
}

async function pick(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await openOptions(page).filter({ hasText: option }).first().click();
}

const rows = (page: Page) => page.getByTestId('orders-table').locator('tbody tr.ant-table-row');

test('"no lunch yet": the status filter narrowed to one meal type, kept in the address', async ({ page }) => {
  await storeSession(page, CONTROLLER);
  const meals = await orderLunch(page);
  const lunch = meals.find((m) => m.code === 'MT02')!;
  const breakfast = meals.find((m) => m.code === 'MT01')!;
  const row = await orderRow(page, DAY, HN);
  await expect(chip(row, 'MT02')).toHaveAttribute('data-status', 'WAITING');

  // the meal filter has its name, and nothing to narrow while every status is shown
  const mealFilter = page.getByRole('combobox', { name: o('list.mealFilter') });
  await expect(mealFilter).toBeDisabled();

  // not ordered (any meal): the patient has no breakfast, so is listed
  await pick(page, page.getByTestId('status-filter'), o('status.NOT_ORDERED'));
  await expect(rows(page)).toHaveCount(1);
  await expect(mealFilter).toBeEnabled();

  // not ordered + lunch: the lunch is ordered, so the patient is not listed
  await pick(page, page.getByTestId('meal-filter'), lunch.nameTh);
  await expect(page).toHaveURL(new RegExp(`status=NOT_ORDERED&meal=${lunch.id}`));
  await expect(page.getByTestId('orders-table').locator('.ant-empty')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);

  // not ordered + breakfast: listed; kept in the address across a reload
  await pick(page, page.getByTestId('meal-filter'), breakfast.nameTh);
  await expect(page).toHaveURL(new RegExp(`meal=${breakfast.id}`));
  await expect(rows(page)).toHaveCount(1);
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByTestId('meal-filter')).toContainText(breakfast.nameTh);
  await expect(chip(rows(page).first(), 'MT01')).toHaveAttribute('data-status', 'NONE');
});

test('"no lunch yet" over a ward: no row with a live lunch; every status again drops the meal type', async ({ page }) => {
  await storeSession(page, CONTROLLER);
  const lunch = (await orderLunch(page)).find((m) => m.code === 'MT02')!;
  // the patient's whole ward (W04, found by its code), not ordered + lunch
  await openScreen(page, `/auth/order?date=${DAY}&status=NOT_ORDERED&meal=${lunch.id}`);
  await expect(page.getByTestId('meal-filter')).toContainText(lunch.nameTh);
  await page.getByTestId('ward-filter').click();
  await page.keyboard.type('W04');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/ward=\d+/);
  await expect(rows(page).first()).toContainText('หอผู้ป่วยผู้สูงอายุ ชั้น 4');
  await expect(page.getByTestId('orders-table').locator(`tr[data-hn="${HN}"]`)).toHaveCount(0);
  const statuses = await rows(page).locator('[data-testid="meal-chip"][data-meal="MT02"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.filter((s) => s !== 'NONE' && s !== 'CANCELLED')).toEqual([]);
  await shot(page, 'orders-list-no-lunch');

  // every status again: the meal type is dropped from the address
  await pick(page, page.getByTestId('status-filter'), o('status.All'));
  await expect(page).not.toHaveURL(/meal=/);
  await expect(page.getByRole('combobox', { name: o('list.mealFilter') })).toBeDisabled();
});

test('the ward filter finds a ward by its code or its English name, and shows the code', async ({ page }) => {
  await openAs(page, CONTROLLER, `/auth/order?date=${DAY}`);
  await expect(rows(page).first()).toBeVisible();
  const ward = page.getByTestId('ward-filter');
  await ward.click();
  await page.keyboard.type('W01');
  await expect(openOptions(page)).toHaveCount(1);
  await expect(openOptions(page).first()).toHaveText('W01 · หอผู้ป่วยเด็ก ชั้น 3');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/ward=\d+/);
  await expect(ward).toContainText('W01');
  // the ward's ten patients (pkg/demo), once the filtered answer replaces the list kept on
  // screen while it loads
  await expect(rows(page)).toHaveCount(10);
  for (const r of await rows(page).all()) await expect(r).toContainText('หอผู้ป่วยเด็ก ชั้น 3');

  // the English name finds it on the Thai screen too
  await ward.click();
  await page.keyboard.type('elderly');
  await expect(openOptions(page)).toHaveCount(1);
  await expect(openOptions(page).first()).toHaveText('W04 · หอผู้ป่วยผู้สูงอายุ ชั้น 4');
  await page.keyboard.press('Escape');
});

test('on a 390 px phone each patient is one block: bed, name, allergies and the meal chips in view, no sideways scroll', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'th-TH', timezoneId: 'Asia/Bangkok', reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  try {
    await storeSession(page, CONTROLLER);
    // ward W01's first page: SRP01-HN10003 is allergic to shrimp, SRP01-HN10005 to peanut and milk
    await openScreen(page, `/auth/order?date=${DAY}&q=${encodeURIComponent('SRP01-HN1000')}`);
    const cards = rows(page).getByTestId('order-card');
    await expect(cards.first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = page.getByTestId('orders-table').locator('.ant-table-content, .ant-table-body').first();
    const [scroll, client] = await box.evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(scroll, `table content ${scroll} px in a ${client} px box`).toBeLessThanOrEqual(client + 1);

    const allergic = rows(page).filter({ hasText: 'SRP01-HN10005' }).getByTestId('order-card');
    await allergic.scrollIntoViewIfNeeded();
    await expect(allergic).toBeInViewport({ ratio: 1 });
    await expect(allergic).toContainText('เตียง W01-05');
    const tags = allergic.getByTestId('allergies').locator('.ant-tag');
    await expect(tags.first()).toBeVisible();
    for (const tag of await tags.all()) await expect(tag).toBeInViewport({ ratio: 1 });
    const chips = allergic.getByTestId('meal-chip');
    expect(await chips.count()).toBeGreaterThanOrEqual(3);
    for (const c of await chips.all()) {
      await expect(c).toBeInViewport({ ratio: 1 });
      // a finger's target: at least 32 px high
      expect((await c.boundingBox())!.height).toBeGreaterThanOrEqual(32);
    }
    await shot(page, 'orders-list-phone');

    // a tap on a meal not ordered opens its order form
    await chip(rows(page).filter({ hasText: 'SRP01-HN10005' }), 'MT03').tap();
    await expect(page).toHaveURL(/\/auth\/order\/form\?/);
  } finally {
    await context.close();
  }
});
