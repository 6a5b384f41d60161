import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { shot } from './auth-helpers';
import { shared } from './helpers';
import { cell, findPatient, openOptions, p, signInController } from './patients-helpers';

// Issue 12 screens: the census at a glance, edit → move bed → the change record shows it (and
// its .xlsx), and two people saving the same patient (409 STALE_VERSION keeps the input).

test('list → edit → move bed → the change record shows it, with its workbook', async ({ page }) => {
  await signInController(page);

  // SRP01-HN10029: an egg allergy and soy, which no Allergies row maps: kept, in red
  const row = await findPatient(page, 'SRP01-HN10029');
  await expect(cell(row, 'allergens')).toContainText('ไข่');
  await expect(cell(row, 'allergens').getByTestId('allergy-unmapped')).toHaveText(`ถั่วเหลือง · ${shared('th', 'allergy.unmapped')}`);
  const oldBed = (await cell(row, 'room').innerText()).trim();
  expect(oldBed).toMatch(/^เตียง W02-/);

  // NPO at a glance: the demo fasts some patients tomorrow morning
  const npoRow = await findPatient(page, 'SRP01-HN10032');
  // (tomorrow 00:00 in Bangkok, which may already have begun when the server's day is behind)
  await expect(cell(npoRow, 'npo').getByTestId('npo')).toContainText(new RegExp(`${p('npo.upcoming')}|${p('npo.now')}`));
  await expect(cell(npoRow, 'npo')).toContainText(/25\d\d 00:00/);

  // the columns the user chooses stay chosen
  await expect(page.getByRole('columnheader', { name: p('columns.diagnosis') })).toHaveCount(0);
  await page.getByTestId('columns-open').click();
  await page.getByTestId('column-chooser').getByLabel(p('columns.diagnosis')).check();
  // the new column widens the table and the chooser moves with it: the next click waits for that
  await expect(page.getByRole('columnheader', { name: p('columns.diagnosis') })).toBeVisible();
  await page.getByTestId('column-chooser').getByLabel(p('columns.specialRequest')).uncheck();
  await expect(page.getByRole('columnheader', { name: p('columns.specialRequest') })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: p('columns.diagnosis') })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: p('columns.specialRequest') })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: p('columns.allergens') })).toBeVisible();
  await shot(page, 'patients-list');

  // edit: move to a vacant bed of another ward (only vacant beds are offered)
  const patient = await findPatient(page, 'SRP01-HN10029');
  await patient.getByTestId('row-edit').click();
  const form = page.getByTestId('patient-form');
  await expect(form.getByTestId('field-roomId')).toContainText(p('form.currentRoom').replace('{{room}}', oldBed));
  await form.getByTestId('field-wardId').click();
  await openOptions(page).filter({ hasText: 'หอผู้ป่วยพิเศษ ชั้น 7' }).click();
  await form.getByTestId('patient-form-save').click();
  await expect(form.getByText(p('form.roomRequired'))).toBeVisible();
  await form.getByTestId('field-roomId').click();
  const beds = openOptions(page);
  await expect(beds.first()).toBeVisible();
  const offered = (await beds.allInnerTexts()).map((s) => s.trim());
  expect(offered).not.toContain('ห้อง 702'); // taken by a pre-admitted patient
  const newBed = offered[0];
  await beds.first().click();
  await form.getByTestId('field-specialRequest').fill('ไม่ใส่ผงชูรส');
  await shot(page, 'patients-form');
  const saved = page.waitForResponse((r) => r.url().includes('/api/patient/updatePatientInfo'));
  await form.getByTestId('patient-form-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(p('list.saved'))).toBeVisible();
  await expect(form).toBeHidden();
  await expect(cell(patient, 'room')).toHaveText(newBed);
  await expect(cell(patient, 'ward')).toHaveText('หอผู้ป่วยพิเศษ ชั้น 7');

  // the change record of this patient: before and after per field, who, what and when
  await patient.getByTestId('row-changes').click();
  await expect(page).toHaveURL(/\/auth\/report\/patient\?q=SRP01-HN10029$/);
  const changes = page.getByTestId('changes-table').locator('tbody tr.ant-table-row');
  const last = changes.last();
  await expect(last.locator('[data-field="room"] [data-testid=change-before]')).toHaveText(oldBed);
  await expect(last.locator('[data-field="room"] [data-testid=change-after]')).toHaveText(newBed);
  await expect(last.locator('[data-field="ward"] [data-testid=change-after]')).toHaveText('หอผู้ป่วยพิเศษ ชั้น 7');
  await expect(last.locator('[data-field="previousRoom"] [data-testid=change-after]')).toHaveText(oldBed);
  await expect(last.locator('[data-field="specialRequest"] [data-testid=change-after]')).toHaveText('ไม่ใส่ผงชูรส');
  await expect(last.locator('[data-field="ward"] th')).toHaveText('หอผู้ป่วย');
  await expect(last.getByTestId('change-source')).toHaveText(p('enum.source.edit'));
  await expect(last.getByTestId('change-by')).toHaveText('D0001');
  await expect(last).toContainText(/25\d\d/);
  await shot(page, 'patients-changes');

  // the same in the workbook
  const download = page.waitForEvent('download');
  await page.getByTestId('changes-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('patient_change_record.xlsx');
  expect(new URL(file.url()).pathname).toContain('/files/exports/SRP01/patient-changes/');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync((await file.path())!));
  const lines: string[][] = [];
  wb.worksheets[0].eachRow((r) => lines.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  // one line per field: when, HN, patient, source, who, field, before, after (a bed as "code name")
  const bedLine = lines.find((l) => l[1] === 'SRP01-HN10029' && l[5] === 'ห้อง/เตียง' && l[7]?.endsWith(newBed));
  expect(bedLine?.[6]).toMatch(new RegExp(`^W02-\\d+ ${oldBed}$`));
  expect(bedLine?.[3]).toBe(p('enum.source.edit'));
  expect(bedLine?.[4]).toBe('D0001');

  // in English (this device's language: the account's saved language stays), the labels and values follow
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(last.locator('[data-field="ward"] th')).toHaveText('Ward');
  await expect(last.locator('[data-field="ward"] [data-testid=change-after]')).toHaveText('Private ward, floor 7');
  await expect(last.getByTestId('change-source')).toHaveText(p('enum.source.edit', 'en'));
});

test('two people save the same patient: the second sees what changed, keeps the input, reloads the current record', async ({ page, browser }) => {
  const hn = 'SRP01-HN10041';
  await signInController(page);
  const row = await findPatient(page, hn);
  await row.getByTestId('row-edit').click();
  const form = page.getByTestId('patient-form');
  await form.getByTestId('field-remark').fill('ให้ดื่มน้ำอุ่น');

  // someone else saves the patient meanwhile
  const other = await browser.newContext();
  const them = await other.newPage();
  await signInController(them);
  const theirRow = await findPatient(them, hn);
  await theirRow.getByTestId('row-edit').click();
  await them.getByTestId('patient-form').getByTestId('field-diagnosis').fill('ปอดอักเสบติดเชื้อ');
  const theirSave = them.waitForResponse((r) => r.url().includes('/api/patient/updatePatientInfo'));
  await them.getByTestId('patient-form').getByTestId('patient-form-save').click();
  expect((await theirSave).status()).toBe(200);
  await other.close();

  // mine is stale: 409, nothing lost, the differences shown
  const mine = page.waitForResponse((r) => r.url().includes('/api/patient/updatePatientInfo'));
  await form.getByTestId('patient-form-save').click();
  expect((await mine).status()).toBe(409);
  const alert = form.getByTestId('stale-alert');
  await expect(alert).toContainText(p('stale.title'));
  await expect(alert.getByTestId('stale-fields')).toContainText(p('form.diagnosis'));
  await expect(alert.getByTestId('stale-fields')).toContainText('ปอดอักเสบติดเชื้อ');
  await expect(alert.getByTestId('stale-fields')).toContainText(p('form.remark'));
  await expect(form.getByTestId('field-remark')).toHaveValue('ให้ดื่มน้ำอุ่น');
  await shot(page, 'patients-stale');

  // reload the current record, make the change again, save
  await alert.getByTestId('stale-reload').click();
  await expect(form.getByTestId('stale-alert')).toHaveCount(0);
  await expect(form.getByTestId('field-diagnosis')).toHaveValue('ปอดอักเสบติดเชื้อ');
  await form.getByTestId('field-remark').fill('ให้ดื่มน้ำอุ่น');
  const again = page.waitForResponse((r) => r.url().includes('/api/patient/updatePatientInfo'));
  await form.getByTestId('patient-form-save').click();
  expect((await again).status()).toBe(200);
  await expect(form).toBeHidden();

  // opened again at once, the form holds the saved version: another save is not stale
  await row.getByTestId('row-edit').click();
  await expect(form.getByTestId('field-remark')).toHaveValue('ให้ดื่มน้ำอุ่น');
  await form.getByTestId('field-specialRequest').fill('น้ำอุ่นทุกมื้อ');
  const third = page.waitForResponse((r) => r.url().includes('/api/patient/updatePatientInfo'));
  await form.getByTestId('patient-form-save').click();
  expect((await third).status()).toBe(200);
  await expect(form).toBeHidden();

  // both writes are in the record
  await row.getByTestId('row-changes').click();
  const changes = page.getByTestId('changes-table').locator('tbody tr.ant-table-row');
  // oldest first: their diagnosis, my remark, my special request
  await expect(changes.last().locator('[data-field="specialRequest"] [data-testid=change-after]')).toHaveText('น้ำอุ่นทุกมื้อ');
  await expect(changes.nth(-2).locator('[data-field="remark"] [data-testid=change-after]')).toHaveText('ให้ดื่มน้ำอุ่น');
  await expect(changes.nth(-2).locator('[data-field="diagnosis"]')).toHaveCount(0);
  await expect(changes.nth(-3).locator('[data-field="diagnosis"] [data-testid=change-after]')).toHaveText('ปอดอักเสบติดเชื้อ');
});
