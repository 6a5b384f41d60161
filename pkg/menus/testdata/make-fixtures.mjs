// Writes the menus import fixtures with exceljs — another library than the excelize the
// code reads and exports with. Run from the repository root: node pkg/menus/testdata/make-fixtures.mjs
import ExcelJS from 'exceljs';
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

// Dishes: a title above the header; headers as Thai, English, both or the key, in another
// order than the export's; numbers as number cells and as text; nutrients with and
// without units; two adds, an update of a demo dish, a blank row, then one bad row for each
// reason (the test deactivates AL05 before the upload).
const dishHeader = ['รายการอาหาร / Menus', 'ชื่อภาษาไทย / Thai name', 'English name', 'Code', 'cuisineTypeCode',
  'รหัสส่วนประกอบมื้ออาหาร', 'Texture type (FOOD/DRINK)', 'IDDSI level (food 3–7, drink 0–4)', 'ราคา / Price',
  'Allergen ingredient codes (comma separated)', 'Restricted ingredient codes (comma separated)',
  'Food group codes (comma separated)', 'Diet type codes (comma separated)', 'therapeuticCodes',
  'Energy (kcal)', 'Protein (g)', 'Fat (g)', 'Carbohydrate (g)', 'Sodium (mg)', 'Sugar (g)', 'Fiber (g)',
  'หมายเหตุ / Remark', 'สถานะ (ACTIVE/INACTIVE) / Status (ACTIVE/INACTIVE)'];
const dish = (o) => ['', o.th ?? 'ข้าวผัดทดสอบ', o.en ?? 'Test fried rice', o.code, o.cu ?? 'CU01', o.mp ?? 'MP01',
  o.type ?? 'FOOD', o.level ?? 6, o.price ?? 40, o.al ?? '', o.ri ?? '', o.mc ?? '', o.dt ?? '', o.tf ?? '',
  o.energy ?? '', o.protein ?? '', o.fat ?? '', o.carb ?? '', o.sodium ?? '', o.sugar ?? '', o.fiber ?? '',
  o.remark ?? '', o.status ?? ''];
await workbook('menus.xlsx', 'รายการอาหาร', [
  ['นำเข้ารายการอาหาร สาขา SRP01'],
  dishHeader.map((h, i) => (i === 0 ? 'ลำดับ / No.' : h)),
  dish({ code: 'MX01', th: 'ปลานึ่งมะนาว (ทดสอบ)', en: 'Steamed fish with lime (test)', level: 7, price: 55.5,
    al: 'AL01', ri: 'RI01', mc: 'MC01', dt: 'DT01, DT02', tf: 'TF01', energy: 320, protein: '12 g', fat: '8 NU02',
    sodium: '450 mg', remark: 'ไม่เผ็ด', status: 'ใช้งาน' }),
  dish({ code: 'MX02', th: 'น้ำข้าวกล้อง', en: 'Brown rice drink', cu: 'CU02', mp: 'MP03', type: 'drink', level: '0',
    price: '1,250.00', status: 'INACTIVE' }),
  dish({ code: 'M001', th: 'ข้าวต้มปลา', en: 'Rice porridge with sea bass', level: 6, price: 49, mc: 'MC01', dt: 'DT02',
    energy: 250, protein: 14, fat: 4, carb: 38, sodium: 620 }),
  [],
  dish({ code: '' }),
  dish({ code: 'MX01', th: 'ซ้ำ' }),
  dish({ code: 'MX03', al: 'AL01,AL99' }),
  dish({ code: 'MX04', al: 'AL05' }),
  dish({ code: 'MX05', type: 'FOOD', level: 9 }),
  dish({ code: 'MX06', type: 'DRINK', level: 5, mp: 'MP03' }),
  dish({ code: 'MX07', cu: 'CU99' }),
  dish({ code: 'MX08', price: -1 }),
  dish({ code: 'MX09', protein: '5 oz' }),
  dish({ code: 'MX10', level: 'หก' }),
  dish({ code: 'MX11', dt: 'DT01, DT99' }),
  dish({ code: 'MX12', th: '' }),
  dish({ code: 'MX13', status: 'MAYBE' }),
]);

// Two columns only: the others keep what is stored.
await workbook('menus_names.xlsx', 'Menus', [
  ['Code', 'English name'],
  ['M002', 'Rice porridge with minced pork (renamed)'],
  ['M003', null],
  ['MX99', 'No such dish and no Thai name'],
]);

// Cycle contents: rounds by code and by Thai name; an add, an add of a set, an update of
// what a demo content is cooked for, a demo content as stored, then one bad row for each
// reason.
const contentHeader = ['Round code or name', 'วันของรอบ (รอบตามวันในสัปดาห์: จันทร์ = 1)', 'mealTimeCode', 'Dish code',
  'รหัสชุดอาหาร / Menu set code', 'Tray food category code', 'Diet type code', 'Therapeutic food code',
  'Cuisine type code', 'Item name (not imported)'];
await workbook('cycle_menus.xlsx', 'รอบเมนู', [
  contentHeader,
  ['CY-LOOP10', 3, 'MT01', 'M001', '', 'TC01', 'DT02', '', '', 'ข้าวต้มปลา'],
  ['รอบเมนูตามวันในสัปดาห์', '7', 'MT04', '', 'SET02', '', '', 'TF01', '', ''],
  ['CY-LOOP10', 1, 'MT02', 'M004', '', 'TC02', '', '', 'CU01', ''],
  ['CY-LOOP10', 2, 'MT03', 'M001', '', '', '', '', '', ''],
  [],
  ['CY-LOOP10', 11, 'MT01', 'M001', '', '', '', '', '', ''],
  ['CY-WEEK', 8, 'MT01', 'M001', '', '', '', '', '', ''],
  ['CY-NONE', 1, 'MT01', 'M001', '', '', '', '', '', ''],
  ['CY-LOOP10', 4, 'MT01', 'M999', '', '', '', '', '', ''],
  ['CY-LOOP10', 4, 'MT01', 'M001', 'SET01', '', '', '', '', ''],
  ['CY-LOOP10', 4, 'MT01', '', '', '', '', '', '', ''],
  ['CY-LOOP10', 3, 'MT01', 'M001', '', 'TC02', '', '', '', ''],
  ['CY-LOOP10', 4, 'MT99', 'M001', '', '', '', '', '', ''],
  ['CY-LOOP10', 'สาม', 'MT01', 'M001', '', '', '', '', '', ''],
  ['CY-LOOP10', 4, 'MT01', 'M001', '', 'TC99', '', '', '', ''],
]);
