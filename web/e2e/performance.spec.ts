import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext } from './fixtures';
import { apiSignIn } from './auth-helpers';
import { openAs, text } from './helpers';
import { data, orderTrays } from './trays-helpers';

// Work performance (issue 17): a tray of the afternoon snack (MT04, a meal no other spec orders) ordered
// and served through the API for a demo patient, and a scan of its card against another patient's
// wristband (a NO MATCH, recorded); then a Branch Admin sees, for that meal, the on-time figure the
// server computes and the mismatch's reason on the screen, and downloads the workbook.

const p = (key: string, lang: 'th' | 'en' = 'en'): string => text(lang, 'performance', key);

type Counts = { trays: number; onTime: number; late: number; notServed: number; pending: number; onTimePct: number | null };
type Group = { code: string; nameEn: string };
type Figures = {
  total: Counts; byMeal: Group[]; byWard: Group[];
  mismatches: { scans: number; byReason: { reason: string; label: string; count: number }[] };
};

/** Orders today's afternoon snack (MT04, a meal no other spec orders) for two patients without one and answers their HNs, the meal's id and the first card's token. */
async function snackTrays(request: APIRequestContext): Promise<{ hns: string[]; mealId: number; token: string }> {
  const trays = await orderTrays(request, 2, { meals: ['MT04'], description: 'กล้วยบวชชี (e2e performance)' });
  return { hns: trays.map((t) => t.hn), mealId: trays[0].mealTimeId, token: trays[0].token };
}

test('a Branch Admin sees the on-time figure and a scan mismatch of a served tray, and downloads the workbook', async ({ page, request }) => {
  const { hns, mealId, token } = await snackTrays(request);
  const serve = { Authorization: `Bearer ${await apiSignIn(request, 'serve@samrap.local')}` };
  // the card against the other patient's wristband: NO MATCH, recorded with its reason
  const verdict = await data<{ match: boolean; reasons: { code: string }[] }>(await request.post('/api/serve/verify', {
    headers: serve, data: { branchCode: 'SRP01', token, wristband: hns[1], deviceId: 'e2e-performance' },
  }));
  expect(verdict.match).toBe(false);
  expect(verdict.reasons.map((r) => r.code)).toContain('WRONG_PATIENT');
  // then served to its patient
  await data(await request.post('/api/serve/update', {
    headers: serve, data: { branchCode: 'SRP01', token, wristband: hns[0], action: 'SERVED', deviceId: 'e2e-performance', requestId: crypto.randomUUID() },
  }));

  // what the server counts for the snack today (other runs' snacks included): this tray is in it
  const admin = { Authorization: `Bearer ${await apiSignIn(request, 'branchadmin@samrap.local')}`, 'Accept-Language': 'en' };
  // (the screen's default range: the last 7 days to today)
  const fig = await data<Figures>(await request.get(`/api/survey/workPerformance?mealTimeIds=${mealId}`, { headers: admin }));
  expect(fig.total.onTime + fig.total.late).toBeGreaterThanOrEqual(1);
  expect(fig.mismatches.byReason.find((r) => r.reason === 'WRONG_PATIENT')?.count ?? 0).toBeGreaterThanOrEqual(1);
  const wrongPatient = fig.mismatches.byReason.find((r) => r.reason === 'WRONG_PATIENT')!.label;

  await openAs(page, 'branchadmin@samrap.local', '/auth/survey/work-performance', { lang: 'en' });
  const screen = page.getByTestId('work-performance-page');
  await expect(screen.getByRole('heading', { name: p('title') })).toBeVisible();
  // every meal type has its label on the on-time chart, the wards theirs by name, not code (QA #9)
  const all = await data<Figures>(await request.get('/api/survey/workPerformance', { headers: admin }));
  await expect(page.getByTestId('chart-meal').locator('.recharts-yAxis .recharts-cartesian-axis-tick')).toHaveCount(all.byMeal.length);
  const ward = all.byWard.find((w) => w.code)!;
  await expect(page.getByTestId('chart-ward')).toContainText(ward.nameEn);
  await expect(page.getByTestId('chart-ward')).not.toContainText(ward.code);
  // the snack only
  await page.getByTestId('performance-meals').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'MT04' }).click();
  await page.keyboard.press('Escape');
  const pct = fig.total.onTimePct === null ? '—' : `${fig.total.onTimePct}%`;
  await expect(page.getByTestId('head-onTime')).toContainText(pct);
  await expect(page.getByTestId('head-mismatches')).toContainText(String(fig.mismatches.scans));
  await expect(page.getByTestId('table-mismatches')).toContainText(wrongPatient);
  if ((fig.total.onTimePct ?? 0) > 0) {
    // the bar in the meal type's colour
    await expect(page.getByTestId('chart-meal').locator('.recharts-bar-rectangle path').first()).toHaveAttribute('fill', '#F8BBD0');
  }
  await expect(page.getByTestId('table-servers')).toContainText('D0003');

  // the workbook through its signed link
  const dl = page.waitForEvent('download');
  await page.getByTestId('performance-export').click();
  const file = await dl;
  expect(file.suggestedFilename()).toMatch(/^work_performance_.*\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync((await file.path())!));
  expect(wb.worksheets.map((w) => w.name)).toEqual(['summary', 'by_meal', 'by_ward', 'by_date', 'mismatches', 'rejections', 'order_takers', 'servers']);
  const mismatches: string[] = [];
  wb.getWorksheet('mismatches')!.eachRow((row) => mismatches.push(String(row.getCell(1).value)));
  expect(mismatches).toContain('WRONG_PATIENT');
});
