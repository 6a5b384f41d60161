// Writes the patient import fixtures with exceljs — another library than the excelize the
// code reads with. Run from the repository root: node pkg/patients/testdata/make-fixtures.mjs
import ExcelJS from 'exceljs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));

async function workbook(name, rows, formats = {}) {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'samrap fixtures';
  const ws = wb.addWorksheet('ผู้ป่วย');
  for (const r of rows) ws.addRow(r);
  for (const [cell, fmt] of Object.entries(formats)) ws.getCell(cell).numFmt = fmt;
  await wb.xlsx.writeFile(join(dir, name));
}

const header = ['HN', 'ชื่อ (ไทย) / First name (Thai)', 'นามสกุล (ไทย) / Last name (Thai)', 'First name (English)',
  'Last name (English)', 'Gender (male/female/other/unknown)', 'วันเกิด (ปปปป-ดด-วว) / Birthday (YYYY-MM-DD)', 'สัญชาติ / Nationality', 'Ward code',
  'Room/bed code', 'Admit date (YYYY-MM-DD)', 'Planned discharge date (YYYY-MM-DD)', 'Food type code',
  'Therapeutic food codes (comma separated)', 'Allergies (codes or names, comma separated)', 'IDDSI food level (3–7)',
  'NPO from (YYYY-MM-DD HH:MM)', 'NPO until (YYYY-MM-DD HH:MM)', 'การวินิจฉัย / Diagnosis'];
const d = (y, m, day, h = 0, min = 0) => new Date(Date.UTC(y, m - 1, day, h, min));

// A title above the header; an add with Excel date cells and a Buddhist-era date; an update
// that moves a demo patient to a vacant bed; a blank row; the bad input of issue 12.
await workbook('patients.xlsx', [
  ['รายชื่อผู้ป่วยรับใหม่ / New admissions'],
  header,
  ['HNX001', 'บุญส่ง', 'มีสุข', 'Boonsong', 'Meesuk', 'ชาย', d(1957, 1, 1), 'ไทย', 'W01', '301-1', '2569-03-01', '2569-03-09',
    'DT02', 'TF01, TF02', 'AL01, ถั่วเหลือง', 4, d(2026, 3, 2, 0, 0), d(2026, 3, 2, 8, 0), 'ปอดอักเสบ'],
  ['SRP01-HN10002', 'สมศรี', 'ศรีสุข', 'Somsri', 'Srisuk', 'F', '1980-05-20', 'ไทย', 'W01', '301-2', '2026-03-01', '',
    'DT01', '', '', '', '', '', 'ไข้เลือดออก (ย้ายเตียง)'],
  [],
  ['', 'ไม่มีเอชเอ็น', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', ''],
  ['HNX001', 'ซ้ำ', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', ''],
  ['HNX003', 'หอไม่มี', '', '', '', '', '', '', 'W99', '', '', '', '', '', '', '', '', '', ''],
  ['HNX004', 'วันกลับ', '', '', '', '', '', '', '', '', '2026-03-05', '2026-03-01', '', '', '', '', '', '', ''],
  ['HNX005', 'เตียงซ้ำ', '', '', '', '', '', '', 'W02', 'W02-05', '', '', '', '', '', '', '', '', ''],
  ['HNX006', 'ระดับผิด', '', '', '', '', '', '', '', '', '', '', '', '', '', 9, '', '', ''],
  ['HNX007', 'อาหารไม่มี', '', '', '', '', '', '', '', '', '', '', 'DT99', '', '', '', '', '', ''],
  ['HNX008', 'งดอาหารกลับด้าน', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '2026-03-02 10:00', '2026-03-02 08:00', ''],
  ['HNX009', 'เตียงคนเดียวกัน', '', '', '', '', '', '', 'W01', '301-1', '', '', '', '', '', '', '', '', ''],
], { G3: 'yyyy-mm-dd', Q3: 'yyyy-mm-dd hh:mm', R3: 'yyyy-mm-dd hh:mm' });

// Two columns only: the others keep what is stored.
await workbook('patients_diagnosis.xlsx', [
  ['HN', 'การวินิจฉัย / Diagnosis'],
  ['SRP01-HN10003', 'ความดันโลหิตสูง'],
  ['SRP01-HN10004', 'ไข้หวัดใหญ่'],
  ['SRP01-HN99999', 'ไม่มีชื่อ'],
]);
