// Writes the import test fixtures with exceljs — another library than the excelize the code
// reads with — so that the tests read workbooks as Excel and other tools write them.
// Run from the repository root: node pkg/imports/pipeline/testdata/make-fixtures.mjs
import ExcelJS from 'exceljs';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));

async function workbook(name, sheet, rows) {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'samrap fixtures';
  const ws = wb.addWorksheet(sheet);
  for (const r of rows) ws.addRow(r);
  await wb.xlsx.writeFile(join(dir, name));
}

const dietHeader = ['รหัส / Code', 'ชื่อภาษาไทย / Thai name', 'ชื่อภาษาอังกฤษ / English name',
  'หมายเหตุ / Remark', 'สถานะ (ACTIVE/INACTIVE) / Status (ACTIVE/INACTIVE)', 'การดำเนินการ (DELETE = ลบ) / Action (DELETE to delete)'];

// Thai text, blank rows, invalid rows, an update of a demo row and a delete.
await workbook('diet_types.xlsx', 'ประเภทอาหาร', [
  dietHeader,
  ['FX01', 'อาหารคีโต', 'Keto diet', 'ไขมันสูง คาร์โบไฮเดรตต่ำ', 'ACTIVE', ''],
  ['FX02', 'อาหารมังสวิรัติแบบไข่และนม', 'Lacto-ovo vegetarian', '', 'ใช้งาน', ''],
  [],
  ['FX03', '', 'No Thai name', '', '', ''],
  ['FX04', 'อาหารทดสอบสถานะ', 'Bad status', '', 'MAYBE', ''],
  [null, null, null, null, null, null],
  ['DT02', 'อาหารอ่อน (ปรับปรุง)', 'Soft diet', 'เคี้ยวง่าย', 'INACTIVE', ''],
  ['DT04', '', '', '', '', 'DELETE'],
  ['FX01', 'ซ้ำ', 'Duplicate in file', '', '', ''],
  ['FX 05', 'รหัสมีช่องว่าง', 'Space in code', '', '', ''],
]);

// Meal times with English-only headers, times as text and as Excel times.
const t = (h, m) => new Date(Date.UTC(1899, 11, 30, h, m));
await workbook('meal_times.xlsx', 'Meal times', [
  ['Code', 'Thai name', 'English name', 'Start time', 'End time', 'Abbreviation', 'Text colour', 'Meal colour', 'Status (ACTIVE/INACTIVE)'],
  ['MX01', 'มื้อดึก', 'Night meal', '21:00', '22:30', 'NT', '#000000', 'ffcc00', 'ACTIVE'],
  ['MX02', 'มื้อผิดเวลา', 'Backwards', '10:00', '09:00', 'BW', '#000000', '#FFFFFF', ''],
  ['MX03', 'มื้อสีผิด', 'Bad colour', '10:00', '11:00', 'BC', 'red', '#FFFFFF', ''],
  ['MX04', 'มื้อเวลาเอ็กเซล', 'Excel times', t(15, 0), t(15, 45), 'ET', '#FFFFFF', '#333333', ''],
]);
// exceljs writes a Date as a number with a date format; give the time cells a time format.
{
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(dir, 'meal_times.xlsx'));
  const ws = wb.worksheets[0];
  ws.getCell('D5').numFmt = 'hh:mm';
  ws.getCell('E5').numFmt = 'hh:mm';
  await wb.xlsx.writeFile(join(dir, 'meal_times.xlsx'));
}

// Wards reference ward types by code.
await workbook('wards.xlsx', 'Wards', [
  ['รหัส', 'ชื่อภาษาไทย', 'ชื่อภาษาอังกฤษ', 'รหัสประเภทหอผู้ป่วย', 'รายละเอียด'],
  ['WX01', 'หอผู้ป่วยศัลยกรรม ชั้น 6', 'Surgical ward, floor 6', 'WT02', 'ศัลยกรรมทั่วไป'],
  ['WX02', 'หอผู้ป่วยไม่มีประเภท', 'Unknown type', 'WT99', ''],
  ['WX03', 'หอผู้ป่วยไม่ระบุประเภท', 'No type', '', ''],
]);

// Religions with their restricted ingredients as codes.
await workbook('religions.xlsx', 'Religions', [
  ['Code', 'Thai name', 'English name', 'Restricted ingredients codes (comma separated)'],
  ['RX01', 'ซิกข์', 'Sikhism', 'RI02, RI03'],
  ['RE02', 'อิสลาม', 'Islam', 'RI01,RI03,RI06'],
  ['RX02', 'ศาสนาทดสอบ', 'Unknown ingredient', 'RI01,RI99'],
]);

// Deleting an item in use is refused; an unused one goes.
await workbook('ward_types_delete.xlsx', 'Ward types', [
  ['Code', 'Thai name', 'English name', 'Start age (years)', 'End age (years)', 'Action (DELETE to delete)'],
  ['WT01', '', '', '', '', 'DELETE'],
  ['WTX9', 'หอผู้ป่วยทารก', 'Infants', 200, 201, ''],
  ['WT02', 'หอผู้ป่วยผู้ใหญ่', 'Adult', 15, 59, 'ลบ'],
  ['WT03', 'หอผู้ป่วยผู้สูงอายุ', 'Elderly', 10, 150, ''],
]);

// 1,000 and 1,001 data rows, with a blank row in between that does not count.
const many = (n) => {
  const rows = [dietHeader];
  for (let i = 1; i <= n; i++) {
    if (i === 500) rows.push([]);
    const c = String(i).padStart(4, '0');
    rows.push([`B${c}`, `อาหารทดสอบ ${c}`, `Test diet ${c}`, `หมายเหตุ ${c}`, 'ACTIVE', '']);
  }
  return rows;
};
await workbook('rows_1000.xlsx', 'Diet types', many(1000));
await workbook('rows_1001.xlsx', 'Diet types', many(1001));

// A title and a blank row above the header, as people lay out sheets; allergens.
await workbook('allergens_titled.xlsx', 'สารก่อภูมิแพ้', [
  ['รายการสารก่อภูมิแพ้ โรงพยาบาลสำรับ กรุงเทพ'],
  [],
  ['รหัส', 'ชื่อภาษาไทย', 'ชื่อภาษาอังกฤษ', 'หมายเหตุ'],
  ['AX01', 'งา', 'Sesame', ''],
  ['AX02', 'ปลาหมึก', 'Squid', 'อาหารทะเล'],
]);

// Columns left out keep their stored values: a remark, a status, a religion's ingredients.
await workbook('diet_types_names_only.xlsx', 'Diet types', [
  ['Code', 'Thai name'],
  ['DT04', 'อาหารปั่นผสมทางสาย'],
]);
await workbook('religions_names_only.xlsx', 'Religions', [
  ['Code', 'Thai name', 'English name'],
  ['RE02', 'ศาสนาอิสลาม', 'Islam'],
]);

// Only the header: no data rows.
await workbook('header_only.xlsx', 'Diet types', [dietHeader]);

// Not a workbook at all, named .xlsx.
writeFileSync(join(dir, 'not_excel.xlsx'), 'รหัส,ชื่อ\nDT01,อาหารธรรมดา\n');
