import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shared } from './helpers';
import { cell, findPatient, p, signInController } from './patients-helpers';

// Issue 12: import patients from the template — adds new HNs, a repeated HN and an unknown
// ward are skipped with their reasons, the new patient shows in the list with an unmapped allergy.

test('import a workbook written from the template: one added, two skipped with reasons, the patient listed', async ({ page }) => {
  await signInController(page);
  await page.getByTestId('import-open').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toContainText(p('import.rules'));

  const templateDownload = page.waitForEvent('download');
  await dialog.getByTestId('download-template').click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('patient_template.xlsx');
  const dir = mkdtempSync(join(tmpdir(), 'w12-import-'));
  const templatePath = join(dir, template.suggestedFilename());
  await template.saveAs(templatePath);

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(templatePath);
  const sheet = wb.worksheets[0];
  // the columns by their English header ("ไทย / English")
  const col = new Map<string, number>();
  sheet.getRow(1).eachCell((c, n) => col.set(String(c.value).split(' / ').pop()!, n));
  const hn = `W12-${Date.now().toString(36).toUpperCase()}`;
  const example = sheet.getRow(2);
  const base = Object.fromEntries([...col.entries()].map(([k, n]) => [k, example.getCell(n).value]));
  const rows: Record<string, unknown>[] = [
    {
      ...base, HN: hn, 'First name (Thai)': 'ทดสอบ', 'Last name (Thai)': 'นำเข้า', 'First name (English)': 'Test', 'Last name (English)': 'Import',
      'Ward code': 'W01', 'Room/bed code': '', 'Allergies (codes or names, comma separated)': 'AL02, ปลาร้า', 'Special request': 'ไม่ใส่ผัก',
    },
    { ...base, HN: hn, 'First name (Thai)': 'ซ้ำ', 'Ward code': 'W01', 'Room/bed code': '' },
    { ...base, HN: `${hn}-X`, 'First name (Thai)': 'หอไม่มี', 'Ward code': 'WX9', 'Room/bed code': '' },
  ];
  expect(col.has('HN') && col.has('Ward code') && col.has('Allergies (codes or names, comma separated)')).toBe(true);
  rows.forEach((values, i) => {
    const row = sheet.getRow(2 + i);
    for (const [k, n] of col) row.getCell(n).value = (values[k] ?? null) as ExcelJS.CellValue;
    row.commit();
  });
  const filePath = join(dir, 'patients.xlsx');
  await wb.xlsx.writeFile(filePath);

  // another kind of file is refused before any call
  await dialog.locator('input[type=file]').setInputFiles({ name: 'patients.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('x') });
  await expect(dialog.getByTestId('import-problem')).toHaveText(shared('th', 'import.unsupportedFormat', { formats: '.xlsx' }));

  await dialog.locator('input[type=file]').setInputFiles(filePath);
  const upload = page.waitForResponse((r) => r.url().includes('/api/upload/patientData') && r.request().method() === 'POST');
  await dialog.getByTestId('import-start').click();
  expect((await upload).status()).toBe(200);
  await expect(dialog.getByTestId('import-result')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('count-totalRows')).toHaveText('3');
  await expect(dialog.getByTestId('count-added')).toHaveText('1');
  await expect(dialog.getByTestId('count-skipped')).toHaveText('2');

  // the skipped rows come back with their reasons
  const failedDownload = page.waitForEvent('download');
  await dialog.getByTestId('import-failed-rows').click();
  const failed = await failedDownload;
  const fwb = new ExcelJS.Workbook();
  await fwb.xlsx.load(readFileSync((await failed.path())!));
  const cells: string[] = [];
  fwb.worksheets[0].eachRow((r) => r.eachCell((c) => cells.push(String(c.value ?? ''))));
  expect(cells).toContain('WX9');
  expect(cells).toContain(`${hn}-X`);

  await dialog.getByTestId('import-close').click();
  // the list reloaded: the new patient, its allergy mapped and the unknown one kept in red
  const row = await findPatient(page, hn);
  await expect(row).toContainText('ทดสอบ นำเข้า');
  await expect(cell(row, 'ward')).toHaveText('หอผู้ป่วยเด็ก ชั้น 3');
  await expect(cell(row, 'allergens')).toContainText('ถั่วลิสง');
  await expect(cell(row, 'allergens').getByTestId('allergy-unmapped')).toHaveText(`ปลาร้า · ${shared('th', 'allergy.unmapped')}`);

  // and the import is in its change record, as Excel
  await row.getByTestId('row-changes').click();
  const change = page.getByTestId('changes-table').locator('tbody tr.ant-table-row').first();
  await expect(change.getByTestId('change-source')).toHaveText(p('enum.source.excel'));
  await expect(change).toContainText(p('changes.create'));
  await expect(change.locator('[data-field="specialRequest"] [data-testid=change-after]')).toHaveText('ไม่ใส่ผัก');
});
