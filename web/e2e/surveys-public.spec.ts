import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from './fixtures';
import { openAs, text } from './helpers';
import { bangkokToday } from './orders-helpers';
import { choose } from './logs-helpers';
import { surveyPath, surveyTrays, sv } from './surveys-helpers';

// Patient satisfaction (issue 17): a patient answers the card's survey link on a phone (no
// sign-in), a second visit says it is answered; the Branch Admin finds the answer in the
// table and the charts (which fit 1440 and 1024 px) and exports it to .xlsx; the page in English.

const PHONE = { width: 390, height: 844 };

async function answer(page: Page, scores: Record<string, number>, comment: string): Promise<void> {
  for (const [q, s] of Object.entries(scores)) await page.getByTestId(`score-${q}-${s}`).click();
  await page.getByTestId('survey-comment').fill(comment);
  await page.getByTestId('survey-send').click();
}

/** No element wider than the page, and each chart within its frame (once the charts have followed a resize). */
async function expectNoOverflow(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  for (const fig of await page.getByTestId('survey-charts').locator('figure').all()) {
    await expect.poll(async () => {
      const box = (await fig.boundingBox())!;
      const svg = (await fig.locator('svg.recharts-surface').first().boundingBox())!;
      return svg.x + svg.width - (box.x + box.width);
    }).toBeLessThanOrEqual(1);
  }
}

test('a patient answers the card\'s survey on a phone; the Branch Admin sees it in the table and charts and exports it', async ({ page, request, browser, baseURL }) => {
  const [tray] = await surveyTrays(request, 1, 'survey');
  const comment = `อร่อยมาก e2e ${Date.now().toString(36)}`;

  const phone = await browser.newContext({ baseURL, viewport: PHONE, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
  const p = await phone.newPage();
  await p.goto(surveyPath(tray.surveyUrl));
  await expect(p.getByRole('heading', { name: sv('public.title') })).toBeVisible();
  await expect(p.getByTestId('survey-meal')).toContainText(tray.mealType.nameTh);
  await expect(p.getByTestId('sidebar')).toHaveCount(0);
  // nothing about the patient on the page
  await expect(p.locator('body')).not.toContainText(tray.hnId);
  await expect(p.locator('body')).not.toContainText(tray.name);
  // large targets on the phone
  const target = (await p.getByTestId('score-taste-5').boundingBox())!;
  expect(target.height).toBeGreaterThanOrEqual(44);
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // every question needs a score before anything is sent
  await p.getByTestId('survey-send').click();
  await expect(p.getByTestId('survey-missing')).toHaveText(sv('public.missing'));
  await answer(p, { taste: 5, temperature: 4, portion: 3, onTime: 4, overall: 5 }, comment);
  await expect(p.getByTestId('survey-sent')).toHaveText(sv('public.sentTitle'));
  // the same link again: already answered
  await p.reload();
  await expect(p.getByTestId('survey-answered')).toHaveText(sv('public.answeredTitle'));
  await phone.close();

  // the Branch Admin: the answer in the table, the figures and the charts
  await page.setViewportSize({ width: 1440, height: 900 });
  const today = bangkokToday();
  await openAs(page, 'branchadmin@samrap.local', `/auth/survey/patient-satisfaction?from=${today}&to=${today}&size=100`);
  await expect(page.getByRole('heading', { name: sv('results.title') })).toBeVisible();
  const row = page.getByTestId('survey-table').locator('tbody tr.ant-table-row', { hasText: comment });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('row-taste')).toHaveText('5');
  await expect(row.getByTestId('row-portion')).toHaveText('3');
  await expect(row.getByTestId('row-source')).toHaveText(sv('results.source.QR'));
  await expect(page.getByTestId('summary-count')).not.toContainText(/^0$/);
  for (const chart of ['chart-questions', 'chart-meal-types', 'chart-wards', 'chart-dates']) {
    const fig = page.getByTestId(chart);
    await expect(fig.locator('svg.recharts-surface')).toBeVisible();
  }
  await expect(page.getByRole('figure', { name: sv('results.chart.byQuestion') })).toBeVisible();
  await expect(page.getByTestId('chart-meal-types').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectNoOverflow(page);
  await page.setViewportSize({ width: 1024, height: 800 });
  await expectNoOverflow(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // the export: its signed link downloads a workbook with the answer
  const dl = page.waitForEvent('download');
  await page.getByTestId('survey-export').click();
  const file = await dl;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync((await file.path())!));
  const lines: string[][] = [];
  wb.worksheets[0].eachRow((r) => lines.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  const line = lines.find((l) => l.includes(comment));
  expect(line, 'the answer in the workbook').toBeTruthy();
  expect(line).toEqual(expect.arrayContaining(['5', '4', '3']));

  // a period with no answers: nothing to export
  await page.goto('/auth/survey/patient-satisfaction?from=2020-01-01&to=2020-01-02');
  await expect(page.getByTestId('survey-no-data')).toBeVisible();
  await page.getByTestId('survey-export').click();
  await expect(page.locator('.ant-notification-notice', { hasText: sv('results.nothingToExport') })).toBeVisible();

  // the Super Admin reads every branch, or the one chosen
  await page.evaluate(() => localStorage.clear()); // signed out on this device
  await openAs(page, 'superadmin@samrap.local', `/auth/survey/patient-satisfaction?from=${today}&to=${today}&size=100`);
  const answerRow = page.getByTestId('survey-table').locator('tbody tr.ant-table-row', { hasText: comment });
  await expect(answerRow).toHaveCount(1);
  await expect(answerRow).toContainText('SRP01');
  await choose(page, page.getByTestId('survey-branch'), /^SRP02/);
  await expect(page).toHaveURL(/branch=SRP02/);
  await expect(answerRow).toHaveCount(0);
  await choose(page, page.getByTestId('survey-branch'), /^SRP01/);
  await expect(answerRow).toHaveCount(1);
  // every branch (the demo answers of both): each meal type's bar names its branch (QA #9)
  await page.goto('/auth/survey/patient-satisfaction');
  await expect(page.getByTestId('chart-meal-types')).toContainText('SRP01');
  await expect(page.getByTestId('chart-meal-types')).toContainText('SRP02');
});

test('the survey page in English; a forged link is not found', async ({ browser, baseURL, request }) => {
  const [tray] = await surveyTrays(request, 1, 'survey-en');
  const phone = await browser.newContext({ baseURL, viewport: PHONE, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
  const p = await phone.newPage();
  await p.goto(surveyPath(tray.surveyUrl));
  await expect(p.getByRole('heading', { name: sv('public.title') })).toBeVisible();
  await p.getByTestId('language-switch').getByRole('button', { name: text('en', 'common', 'languages.en') }).click();
  await expect(p.getByRole('heading', { name: sv('public.title', 'en') })).toBeVisible();
  await expect(p.getByTestId('survey-meal')).toContainText(tray.mealType.nameEn);
  await expect(p.getByRole('radiogroup').first()).toBeVisible();
  await expect(p.getByTestId('score-overall-5')).toHaveAccessibleName(`5 ${sv('score.5', 'en')}`);
  await answer(p, { taste: 4, temperature: 4, portion: 4, onTime: 4, overall: 4 }, '');
  await expect(p.getByTestId('survey-sent')).toHaveText(sv('public.sentTitle', 'en'));

  await p.goto('/q/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(p.getByTestId('survey-not-found')).toHaveText(sv('public.notFoundTitle', 'en'));
  await phone.close();
});
