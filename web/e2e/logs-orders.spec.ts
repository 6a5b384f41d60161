import { expect, test, type APIRequestContext } from './fixtures';
import { apiSignIn, shot } from './auth-helpers';
import { lg, rows } from './logs-helpers';
import { bangkokToday } from './orders-helpers';
import { data, orderTrays, type Tray } from './trays-helpers';
import { openAs, openScreen, storeSession } from './helpers';

// The activity record and the change log after the real flows (issue 17): an order placed
// by the Order Taker, its card scanned against another patient's wristband, the tray served by
// the Serve user and its meal card printed by the Controller (all through the API, on a patient
// and meal of this test's own) appear in the Branch Admin's activity record with their Thai
// labels — the mismatch with its reason in words, the print with its ward by name — and the
// order's change log shows its fields labelled and its values in words.

/** Today's dinner for a demo patient, from the start of the list (the serve spec takes from its end). */
async function orderDinner(request: APIRequestContext): Promise<Tray> {
  const [tray] = await orderTrays(request, 1, { meals: ['MT03'], description: 'ข้าวต้ม (e2e logs)' });
  return tray;
}

/** Prints the tray's meal card as the Controller, filtered to its meal and its patient's ward; answers the ward's Thai name. */
async function printCard(request: APIRequestContext, tray: Tray): Promise<string> {
  const headers = { Authorization: `Bearer ${await apiSignIn(request, 'controller@samrap.local')}` };
  const p = await data<{ ward: { id: number; nameTh: string } | null }>(
    await request.get(`/api/patient/getDataByHn?hnId=${encodeURIComponent(tray.hn)}`, { headers }),
  );
  expect(p.ward, `${tray.hn} has a ward`).not.toBeNull();
  const all = 'ALL';
  await data(await request.post('/api/download/generatePDF', {
    headers,
    data: {
      branchCode: 'SRP01', dateOrder: bangkokToday(), mealTimeIds: [tray.mealTimeId], wardTypeIds: all, wardIds: [p.ward!.id], roomIds: all,
      cuisineTypeIds: all, dietTypeIds: all, therapeuticIds: all, allergenIds: all, restrictedIds: all, foodScope: all, orderType: all, layout: 'A4',
    },
  }));
  return p.ward!.nameTh;
}

test('an order placed, scanned against the wrong wristband, served and printed is in the activity record (Thai, in words) and the order change log reads as words', async ({ page, request }) => {
  const tray = await orderDinner(request);
  const serve = { Authorization: `Bearer ${await apiSignIn(request, 'serve@samrap.local')}` };
  // the card scanned against another patient's wristband: no match, recorded
  const verdict = await data<{ match: boolean }>(await request.post('/api/serve/verify', {
    headers: serve,
    data: { branchCode: 'SRP01', token: tray.token, wristband: `${tray.hn}-OTHER`, deviceId: 'e2e-logs' },
  }));
  expect(verdict.match).toBe(false);
  await data(await request.post('/api/serve/update', {
    headers: serve,
    data: { branchCode: 'SRP01', token: tray.token, wristband: tray.hn, action: 'SERVED', rejectReason: '', deviceId: 'e2e-logs', requestId: crypto.randomUUID() },
  }));
  const ward = await printCard(request, tray);

  await storeSession(page, 'branchadmin@samrap.local');

  // the activity record: the order and the serving, each with its Thai label and the patient in its detail
  for (const [action, label, actor] of [
    ['orders.submit', 'สั่งอาหาร', 'D0002'],
    ['serve.mismatch', 'สแกนแล้วผู้ป่วยและอาหารไม่ตรงกัน', 'D0003'],
    ['serve.served', 'ยืนยันการเสิร์ฟอาหาร', 'D0003'],
  ]) {
    await openScreen(page, `/auth/activity-log?action=${action}`);
    await expect(page.getByRole('heading', { name: lg('th', 'activity.title') })).toBeVisible();
    const mine = rows(page, 'activity-table').filter({ hasText: tray.hn });
    await expect(mine.first()).toBeVisible();
    await expect(mine.first().getByTestId('activity-action')).toHaveText(label);
    await expect(mine.first().getByTestId('activity-actor')).toHaveText(actor);
    await expect(mine.first()).toContainText('มื้ออาหาร: มื้อเย็น');
    await expect(page.getByTestId('activity-action-filter')).toContainText(label);
    if (action === 'serve.mismatch') {
      // the reason in words, and the wristband as scanned
      await expect(mine.first()).toContainText('เหตุที่ไม่ตรงกัน: บัตรอาหารไม่ใช่ของผู้ป่วยรายนี้');
      await expect(mine.first()).toContainText(`สายรัดข้อมือที่สแกน: ${tray.hn}-OTHER`);
      await shot(page, 'logs-activity-mismatch-th');
    }
  }
  await shot(page, 'logs-activity-serve-th');

  // the meal-card print: its ward by name, not its id
  await page.goto('/auth/activity-log?action=reports.meal-cards');
  const print = rows(page, 'activity-table').filter({ hasText: `หอผู้ป่วย: ${ward}` });
  await expect(print.first()).toBeVisible();
  await expect(print.first().getByTestId('activity-action')).toHaveText('พิมพ์การ์ดอาหาร');
  await expect(print.first().getByTestId('activity-actor')).toHaveText('D0001');
  await expect(print.first()).toContainText('รูปแบบการพิมพ์: กระดาษ A4');
  await shot(page, 'logs-activity-print-th');

  // the change log of the order: created, then served; every field labelled, the values in words
  await page.goto(`/auth/change-log?entity=meal_order&record=${tray.orderId}`);
  await expect(page.getByRole('heading', { name: lg('th', 'changes.title') })).toBeVisible();
  const list = rows(page, 'change-log-table');
  await expect(list).toHaveCount(2);
  await expect(list.getByTestId('change-entity').first()).toHaveText('รายการสั่งอาหาร');
  const served = list.first();
  await expect(served.getByTestId('change-action')).toHaveText(lg('th', 'changes.update'));
  const status = served.locator('[data-testid=change-field][data-field=status]');
  await expect(status.getByTestId('change-label')).toHaveText('สถานะ');
  await expect(status.getByTestId('change-before')).toHaveText('รอเสิร์ฟ');
  await expect(status.getByTestId('change-after')).toHaveText('เสิร์ฟแล้ว');
  // the order by its patient, meal and day, not its UUID (QA #8)
  await expect(served.getByTestId('change-name')).toContainText(tray.hn);
  await expect(served.getByTestId('change-meal')).toContainText('มื้อเย็น');
  await expect(served.getByTestId('change-key')).not.toContainText(tray.orderId);
  const created = list.nth(1);
  // compact: the first fields, the rest a click away; a row no taller than a few lines
  expect((await created.boundingBox())!.height).toBeLessThan(160);
  await created.getByTestId('change-more').click();
  await expect(created.locator('[data-field=mealType] [data-testid=change-after]')).toHaveText('มื้อเย็น');
  await expect(created.locator('[data-field=orderType] [data-testid=change-label]')).toHaveText('ประเภทการสั่ง');
  await expect(created.locator('[data-field=orderType] [data-testid=change-after]')).toHaveText('สั่งอาหาร');
  await expect(created.locator('[data-field=courseType] [data-testid=change-after]')).toHaveText('ระบุเอง');
  await expect(created.locator('[data-field=version]')).toHaveCount(0);
  // no field shows its key: each label differs from the field it names
  for (const row of await list.getByTestId('change-field').all()) {
    const field = await row.getAttribute('data-field');
    await expect(row.getByTestId('change-label')).not.toHaveText(field ?? '');
  }
  await shot(page, 'logs-change-order-th');

  // the serving record: who served by name with the code, the device shortened
  await page.goto(`/auth/change-log?entity=serve_record&record=${tray.orderId}`);
  const record = rows(page, 'change-log-table').first();
  await expect(record.getByTestId('change-name')).toContainText(tray.hn);
  await record.getByTestId('change-more').click();
  await expect(record.locator('[data-field=servedBy] [data-testid=change-after]')).toHaveText('สมศักดิ์ เสิร์ฟไว (D0003)');
  await expect(record.locator('[data-field=deviceId] [data-testid=change-after]')).toHaveText('e2e-logs');
});

test('the activity record fits 1280 wide: no sideways scroll (QA #8)', async ({ page }) => {
  await openAs(page, 'superadmin@samrap.local', '/auth/activity-log');
  await expect(rows(page, 'activity-table').first()).toBeVisible();
  const table = page.getByTestId('activity-table').locator('.ant-table-content, .ant-table-body').first();
  expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
  await page.goto('/auth/change-log');
  await expect(rows(page, 'change-log-table').first()).toBeVisible();
  const changes = page.getByTestId('change-log-table').locator('.ant-table-content, .ant-table-body').first();
  expect(await changes.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
});
