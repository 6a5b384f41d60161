import { expect, test } from './fixtures';
import { apiSignIn, shot } from './auth-helpers';
import { findPatient } from './patients-helpers';
import { storeSession, text } from './helpers';
import { addDays, bangkokToday, chip, CONTROLLER, dishCard, nextWeekday, o, openForm, openOptions, orderRow, submit } from './orders-helpers';
import { data } from './trays-helpers';

// Issue 14 rule 7: a diet changed after ordering flags the patient's unserved orders for
// review; the list shows them first and marked; a person confirms the order again. So does a
// change of the food on the tray that concerns the patient (reason MENU).

test('a diet change on the patient screen flags the order for review, confirmed on the order list', async ({ page }) => {
  await storeSession(page, CONTROLLER);
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
  await storeSession(page, CONTROLLER);
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

test('a recipe gaining the patient\'s allergen after ordering flags the order (the food changed); undone, the flag goes', async ({ page, request }) => {
  await storeSession(page, CONTROLLER);
  // SRP01-HN10038 is allergic to shrimp (pkg/demo: n = 37, a normal diet); Monday's dinner has watermelon (M049)
  const date = nextWeekday(1);
  const hn = 'SRP01-HN10038';
  const row = await orderRow(page, date, hn);
  const form = await openForm(page, row, 'MT03');
  await dishCard(form, 'M049').click();
  await expect(dishCard(form, 'M049')).toHaveAttribute('data-chosen', 'true');
  expect(await submit(page)).toBe(200);

  // the nutritionist adds shrimp to the recipe (the menus API the dish screen calls)
  const headers = { Authorization: `Bearer ${await apiSignIn(request, 'nutritionist@samrap.local')}` };
  type Ref = { id: number };
  type Dish = { id: number; code: string; allergens: Ref[]; restricted: Ref[]; mealClasses: Ref[]; dietTypes: Ref[];
    therapeutics: Ref[]; nutrients: { nutrient: string; amount: number; unitId: number }[] } & Record<string, unknown>;
  const dish = async (code: string): Promise<Dish> => {
    const list = await data<{ items: { id: number; code: string }[] }>(
      await request.get(`/api/parameter/searchMenu?branchCode=SRP01&criteria=${code}`, { headers }));
    const id = list.items.find((m) => m.code === code)!.id;
    return data<Dish>(await request.get(`/api/parameter/getMenu?branchCode=SRP01&id=${id}`, { headers }));
  };
  const save = async (d: Dish, allergenIds: number[]) => {
    const ids = (refs: Ref[]) => refs.map((r) => r.id);
    const { id, code, nameTh, nameEn, cuisineTypeId, mealComponentId, iddsiType, iddsiLevel, price, remark, status } = d;
    await data(await request.post('/api/parameter/updateMenu', { headers, data: { branchCode: 'SRP01', id, code, nameTh, nameEn,
      cuisineTypeId, mealComponentId, iddsiType, iddsiLevel, price, remark, status, allergenIds,
      restrictedIds: ids(d.restricted), mealClassIds: ids(d.mealClasses), dietTypeIds: ids(d.dietTypes),
      therapeuticIds: ids(d.therapeutics), nutrients: d.nutrients.map(({ nutrient, amount, unitId }) => ({ nutrient, amount, unitId })) } }));
  };
  const m049 = await dish('M049');
  const shrimp = (await dish('M011')).allergens[0].id;
  await save(m049, [...m049.allergens.map((a) => a.id), shrimp]);
  try {
    const flagged = await orderRow(page, date, hn);
    await expect(flagged.getByTestId('row-review')).toBeVisible();
    await chip(flagged, 'MT03').click();
    const details = page.locator('.ant-drawer-content');
    await expect(details.getByTestId('review-alert')).toContainText(text('th', 'common', 'reviewReason.MENU'));
  } finally {
    await save(m049, m049.allergens.map((a) => a.id));
  }
  const after = await orderRow(page, date, hn);
  await expect(after.getByTestId('row-review')).toHaveCount(0);
});
