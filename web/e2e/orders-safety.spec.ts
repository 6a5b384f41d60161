import { expect, test } from './fixtures';
import { shot } from './auth-helpers';
import { addDays, bangkokToday, chip, clearSelect, CONTROLLER, dishCard, nextWeekday, o, openForm, orderRow, submit } from './orders-helpers';
import { storeSession } from './helpers';

// Issue 14's safety rules seen from the screens: an allergen is blocked until an alternative is
// written (and the server refuses it without one, whatever the browser sends), an NPO patient
// gets no food, a dysphagia patient only dishes of their texture.

test('an allergen: blocked until an alternative note is written, refused by the server without one', async ({ page }) => {
  await storeSession(page, CONTROLLER);
  // SRP01-HN10017 is allergic to shrimp; Monday's dinner has clear tom yum with shrimp (M011)
  const date = nextWeekday(1);
  const row = await orderRow(page, date, 'SRP01-HN10017');
  await expect(row.getByTestId('allergies')).toContainText('กุ้ง');
  await expect(chip(row, 'MT03')).toContainText(o('status.NOT_ORDERED'));
  const form = await openForm(page, row, 'MT03');
  await expect(form.getByTestId('patient-header').getByTestId('allergies')).toContainText('กุ้ง');

  const tomyum = dishCard(form, 'M011');
  await expect(tomyum.getByTestId('conflicts')).toContainText('กุ้ง');
  await tomyum.click();
  const modal = page.locator('.ant-modal-content').filter({ hasText: o('note.label') });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('conflicts')).toContainText('กุ้ง');
  // no note, no dish
  await modal.getByTestId('note-accept').click();
  await expect(modal.getByText(o('note.required'))).toBeVisible();
  await modal.getByRole('button', { name: o('common.back') }).click();
  await expect(modal).toBeHidden();
  await expect(tomyum).not.toHaveAttribute('data-chosen', 'true');

  // with the kitchen's alternative it is kept, the note on the card
  await tomyum.click();
  await expect(modal).toBeVisible();
  await modal.getByTestId('note-input').fill('ไม่ใส่กุ้ง ใช้ไก่แทน');
  await modal.getByTestId('note-accept').click();
  await expect(modal).toBeHidden();
  await expect(tomyum).toHaveAttribute('data-chosen', 'true');
  await expect(tomyum.getByTestId('chosen-note')).toContainText('ไม่ใส่กุ้ง ใช้ไก่แทน');
  await dishCard(form, 'M004').click();
  await expect(dishCard(form, 'M004')).toHaveAttribute('data-chosen', 'true');
  await shot(page, 'orders-allergy-form');

  // what the screen would send, minus the note: the server refuses it by itself (no path lets it through)
  const checked = page.waitForRequest((r) => r.url().includes('/api/takerOrder/checkerOrderTaker'));
  expect(await submit(page)).toBe(200);
  const draft = (await checked).postDataJSON() as { items: { menuId?: number; alternativeNote: string }[]; idempotencyKey: string };
  expect(draft.items).toEqual(expect.arrayContaining([expect.objectContaining({ alternativeNote: 'ไม่ใส่กุ้ง ใช้ไก่แทน' })]));
  await expect(page.getByText(o('messages.submitted'))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/auth/order\\?date=${date}`));

  const forged = await page.evaluate(async (body) => {
    const res = await fetch('/api/takerOrder/checkerOrderTaker', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}`, 'Accept-Language': 'th' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: { ok: boolean; problems: { code: string; message: string }[] } } };
  }, { ...draft, items: draft.items.map((i) => ({ ...i, alternativeNote: '' })), idempotencyKey: crypto.randomUUID() });
  expect(forged.status).toBe(200);
  expect(forged.body.data.ok).toBe(false);
  const conflict = forged.body.data.problems.find((p) => p.code === 'CONFLICT');
  expect(conflict?.message).toContain('กุ้ง');

  // the order: awaiting serving, with the note
  const after = await orderRow(page, date, 'SRP01-HN10017');
  await expect(chip(after, 'MT03')).toHaveAttribute('data-status', 'WAITING');
  await expect(chip(after, 'MT03')).toContainText(o('status.WAITING'));
  await chip(after, 'MT03').click();
  const details = page.locator('.ant-drawer-content');
  await expect(details.getByTestId('details-items')).toContainText('ไม่ใส่กุ้ง ใช้ไก่แทน');
  await expect(details.getByTestId('details-status')).toHaveText(o('status.WAITING'));
  await shot(page, 'orders-details');
});

test('an NPO patient gets no food for a fasting meal; an NPO order is taken', async ({ page }) => {
  await storeSession(page, CONTROLLER);
  // SRP01-HN10005 fasts tomorrow 00:00–10:00 (pkg/demo): tomorrow's breakfast is under it
  const date = addDays(bangkokToday(), 1);
  const row = await orderRow(page, date, 'SRP01-HN10005');
  await expect(chip(row, 'MT01')).toContainText('NPO');
  const form = await openForm(page, row, 'MT01');
  await form.getByTestId('course-type').getByText(o('courseType.SPECIFIC')).click();
  await form.getByTestId('description').fill('ข้าวต้มปลา');
  const checked = page.waitForResponse((r) => r.url().includes('/api/takerOrder/checkerOrderTaker'));
  await form.getByTestId('order-submit').click();
  expect((await checked).status()).toBe(200);
  await expect(form.getByTestId('problems').locator('li[data-code="NPO"]')).toBeVisible();
  await shot(page, 'orders-npo-refused');

  // the fasting itself is an order (status "fasting")
  await form.getByTestId('order-type').getByText(o('orderType.NPO')).click();
  await expect(form.getByTestId('description')).toHaveCount(0);
  expect(await submit(page)).toBe(200);
  const after = await orderRow(page, date, 'SRP01-HN10005');
  await expect(chip(after, 'MT01')).toHaveAttribute('data-status', 'FASTING');
  await expect(chip(after, 'MT01')).toContainText(o('status.FASTING'));
});

test('a dysphagia patient: dishes above the texture level cannot be chosen', async ({ page }) => {
  await storeSession(page, CONTROLLER);
  // SRP01-HN10025: IDDSI food 4 (pureed), drinks 2; Monday's breakfast is rice porridge (level 6, M001) and fruit jelly (level 4, M046)
  const date = nextWeekday(1);
  const row = await orderRow(page, date, 'SRP01-HN10025');
  const form = await openForm(page, row, 'MT01');
  await expect(form.getByTestId('iddsi-food')).toContainText('IDDSI 4');
  await expect(form.getByTestId('iddsi-drink')).toContainText('IDDSI 2');
  // the patient's diet is the first filter; both dishes are soft-diet dishes: show every diet
  await clearSelect(form.getByTestId('filter-diet'));
  const porridge = dishCard(form, 'M001');
  const jelly = dishCard(form, 'M046');
  await expect(porridge).toHaveAttribute('data-blocked', 'true');
  await expect(porridge.getByTestId('conflicts')).toContainText(o('conflict.TEXTURE'));
  await expect(jelly).not.toHaveAttribute('data-blocked', 'true');
  await porridge.click();
  await expect(form.getByTestId('choice-refused')).toBeVisible();
  await expect(porridge).not.toHaveAttribute('data-chosen', 'true');

  // dysphagia only: every dish offered is a dysphagia dish (food 3–6)
  await form.getByTestId('food-scope').getByText(o('foodScope.DYSPHAGIA')).click();
  await expect(jelly).toBeVisible();
  for (const tag of await form.getByTestId('dish-card').getByTestId('iddsi-food').allInnerTexts()) {
    expect(tag).toMatch(/IDDSI [3-6]/);
  }
  await jelly.click();
  await expect(jelly).toHaveAttribute('data-chosen', 'true');
  await shot(page, 'orders-dysphagia-form');
  expect(await submit(page)).toBe(200);
  const after = await orderRow(page, date, 'SRP01-HN10025');
  await expect(chip(after, 'MT01')).toHaveAttribute('data-status', 'WAITING');
});
