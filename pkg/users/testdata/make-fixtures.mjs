// Writes the user-import fixtures with libraries other than the one Samrap reads with:
// users.xlsx with ExcelJS, users.xls (BIFF8, Excel 97-2003) with SheetJS.
// Run from the repository root: node pkg/users/testdata/make-fixtures.mjs
import ExcelJS from 'exceljs';
import XLSX from 'xlsx';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const header = ['รหัสพนักงาน / Employee code', 'ชื่อ (ไทย) / First name (Thai)', 'นามสกุล (ไทย) / Last name (Thai)',
  'ชื่อ (อังกฤษ) / First name (English)', 'นามสกุล (อังกฤษ) / Last name (English)', 'อีเมล / E-mail',
  'สิทธิ์ (สาขา:บทบาท) / Permissions (branch:role)', 'หมายเหตุ / Note'];
const rows = [
  ['E2001', 'มาลี', 'ใจงาม', 'Malee', 'Jai-ngam', 'malee@hospital.example', 'SRP01:BOD', 'ครัวชั้น 2'],
  ['E2002', 'ปิติ', 'สุขใจ', 'Piti', 'Sukjai', '', 'SRP01:BSV', ''],                                // no e-mail
  ['E2003', 'ชูใจ', 'รักดี', 'Chujai', 'Rakdee', 'malee@hospital.example', 'SRP01:BOD', ''],           // e-mail twice in the file
  ['E2004', 'วีระ', 'กล้าหาญ', 'Weera', 'Klahan', 'controller@samrap.local', 'SRP01:BCT', ''],          // e-mail already in Samrap
  ['E2005', 'มานี', 'มีนา', 'Manee', 'Meena', 'manee@hospital.example', 'SRP09:BOD', ''],               // unknown branch
  [],                                                                                                   // blank row
  ['E2006', 'สมศรี', 'ดีมาก', 'Somsri', 'Deemak', 'Somsri@Hospital.example', 'SRP01:BOD, SRP02:BNT', ''],
  ['D0001', 'ซ้ำ', 'รหัส', '', '', 'dup.code@hospital.example', '', ''],                                 // employee code already in Samrap
];

const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet('users');
ws.addRow(header);
for (const r of rows) ws.addRow(r);
await wb.xlsx.writeFile(join(here, 'users.xlsx'));

const sheet = XLSX.utils.aoa_to_sheet([header, ...rows]);
const book = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(book, sheet, 'users');
// Excel pads a workbook stream to at least 4 KiB, so that it never sits in the compound
// file's mini stream; a second sheet of notes makes this file as large as Excel's would be.
const notes = Array.from({ length: 120 }, (_, i) => [`หมายเหตุ ${i + 1}: หนึ่งแถวต่อหนึ่งบัญชี / note ${i + 1}: one row per account`]);
XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(notes), 'notes');
XLSX.writeFile(book, join(here, 'users.xls'), { bookType: 'biff8' });
console.log('wrote users.xlsx and users.xls');
