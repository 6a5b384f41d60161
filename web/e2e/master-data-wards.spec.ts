import { expect, test } from './fixtures';
import { choose, deleteRow, drawer, fieldError, list, md, row, save, shot, signInNutritionist, toast } from './master-data-helpers';

test('wards and beds: ward types with ages, a ward, a room, the room type food group, and what is in use (Thai)', async ({ page }) => {
  await signInNutritionist(page, 'th');
  // the Nutritionist lands on the first screen of the sidebar: wards and beds
  await expect(page).toHaveURL(/\/auth\/room-and-ward$/);
  await expect(page.getByRole('heading', { name: md('th', 'screens.roomAndWard') })).toBeVisible();
  for (const k of ['WardType', 'Ward', 'RoomType', 'Room', 'RoomMealClass']) {
    await expect(page.getByRole('tab', { name: md('th', `kinds.${k}`), exact: true })).toBeVisible();
  }
  await expect(row(page, 'WardType', 'WT01')).toContainText('หอผู้ป่วยเด็ก');
  await shot(page, 'ward-type-list-th');

  // ages: the client checks the order, the server the overlap (409 said once, on the field)
  await list(page, 'WardType').getByTestId('list-add').click();
  await drawer(page).getByTestId('field-code').fill('WT09');
  await drawer(page).getByTestId('field-nameTh').fill('หอผู้ป่วยวัยรุ่น');
  await drawer(page).locator('#md-WardType_startAge').fill('12');
  await drawer(page).locator('#md-WardType_endAge').fill('10');
  await save(page);
  await expect(drawer(page)).toContainText(md('th', 'form.endAgeBeforeStart'));
  await drawer(page).locator('#md-WardType_endAge').fill('18');
  await save(page);
  await expect(fieldError(drawer(page), 'startAge')).toHaveText('ช่วงอายุซ้อนทับกับประเภทหอผู้ป่วยอื่น');
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  await expect(drawer(page).locator('#md-WardType_startAge')).toHaveValue('12');
  await shot(page, 'ward-type-overlap-th');
  await drawer(page).getByRole('button', { name: md('th', 'action.cancel') }).click();

  // a ward of the elderly ward type
  await page.getByRole('tab', { name: md('th', 'kinds.Ward'), exact: true }).click();
  await expect(row(page, 'Ward', 'W01')).toContainText('WT01');
  await list(page, 'Ward').getByTestId('list-add').click();
  await drawer(page).getByTestId('field-code').fill('W09');
  await drawer(page).getByTestId('field-nameTh').fill('หอผู้ป่วยทดสอบ ชั้น 9');
  await save(page);
  await expect(drawer(page)).toContainText(md('th', 'form.choose').replace('{{field}}', md('th', 'fields.wardTypeId')));
  await choose(page, drawer(page).getByTestId('field-wardTypeId'), 'WT03');
  await drawer(page).getByTestId('field-description').fill('ทดสอบ');
  await save(page);
  await expect(toast(page, md('th', 'toast.created'))).toBeVisible();
  await expect(row(page, 'Ward', 'W09')).toContainText('WT03 · หอผู้ป่วยผู้สูงอายุ');

  // a bed in it
  await page.getByRole('tab', { name: md('th', 'kinds.Room'), exact: true }).click();
  await list(page, 'Room').getByTestId('list-add').click();
  await drawer(page).getByTestId('field-code').fill('901-1');
  await drawer(page).getByTestId('field-nameTh').fill('ห้อง 901 เตียง 1');
  await choose(page, drawer(page).getByTestId('field-wardId'), 'W09');
  await choose(page, drawer(page).getByTestId('field-roomTypeId'), 'RT02');
  await shot(page, 'room-form-th');
  await save(page);
  await expect(toast(page, md('th', 'toast.created'))).toBeVisible();
  await expect(row(page, 'Room', '901-1')).toContainText('W09');
  await expect(row(page, 'Room', '901-1')).toContainText('RT02');
  await shot(page, 'room-list-th');

  // the ward is in use by the bed: refused with where
  await page.getByRole('tab', { name: md('th', 'kinds.Ward'), exact: true }).click();
  await deleteRow(page, 'Ward', 'W09');
  const inUse = page.locator('.ant-modal-confirm', { hasText: md('th', 'deleteConfirm.inUseTitle') });
  await expect(inUse).toBeVisible();
  await shot(page, 'ward-in-use-th');
  await inUse.getByRole('button').click();

  // remove the bed, then the ward goes
  await page.getByRole('tab', { name: md('th', 'kinds.Room'), exact: true }).click();
  await deleteRow(page, 'Room', '901-1');
  await expect(toast(page, md('th', 'toast.deleted'))).toBeVisible();
  await page.getByRole('tab', { name: md('th', 'kinds.Ward'), exact: true }).click();
  await deleteRow(page, 'Ward', 'W09');
  await expect(row(page, 'Ward', 'W09')).toHaveCount(0);

  // a room type with no food group yet
  await page.getByRole('tab', { name: md('th', 'kinds.RoomType'), exact: true }).click();
  await list(page, 'RoomType').getByTestId('list-add').click();
  await drawer(page).getByTestId('field-code').fill('RT09');
  await drawer(page).getByTestId('field-nameTh').fill('ห้องแยกโรค');
  await save(page);
  await expect(row(page, 'RoomType', 'RT09')).toBeVisible();
  await page.getByRole('tab', { name: md('th', 'kinds.RoomMealClass'), exact: true }).click();
  await expect(row(page, 'RoomMealClass', 'RM-RT01')).toContainText('MC01');
  await list(page, 'RoomMealClass').getByTestId('list-add').click();
  await expect(drawer(page).getByTestId('field-nameTh')).toHaveCount(0);
  await drawer(page).getByTestId('field-code').fill('RM-RT09');
  await choose(page, drawer(page).getByTestId('field-roomTypeId'), 'RT09');
  const body = page.waitForRequest((r) => r.url().includes('/updateRoomMealClass'));
  await save(page);
  expect((await body).postDataJSON()).toMatchObject({ code: 'RM-RT09', mealClassId: null, branchCode: 'SRP01' });
  await expect(row(page, 'RoomMealClass', 'RM-RT09')).toContainText(md('th', 'notSet'));
  await shot(page, 'room-meal-class-th');
});

test('wards and beds in English', async ({ page }) => {
  await signInNutritionist(page, 'en', '/auth/room-and-ward?tab=Room');
  await expect(row(page, 'Room', '701')).toContainText('W03 · Private ward, floor 7');
  await expect(row(page, 'Room', '701')).toContainText('RT02 · Private room');
  await shot(page, 'room-list-en');
  await page.getByRole('tab', { name: md('en', 'kinds.WardType'), exact: true }).click();
  await expect(row(page, 'WardType', 'WT03')).toContainText('Elderly');
  await shot(page, 'ward-type-list-en');
});
