import { expect, test, type Page } from './fixtures';
import { execFileSync } from 'node:child_process';
import { openScreen, storeSession, text } from './helpers';
import { CONTROLLER } from './patients-helpers';

// The meal card setting (issue 27 §5, docs/meal-cards.md "Nutrients on the card"): the Branch
// Admin turns on energy, protein and carbohydrate on the cards, the Controller's cards print
// them, and the setting is turned off again (the file's other readers of cards see it as found).

const BRANCH_ADMIN = 'branchadmin@samrap.local';
const r = (key: string, lang: 'th' | 'en' = 'th'): string => text(lang, 'reports', key);

/** The text of the meal cards the Controller's report prints by its defaults (today, every meal). */
async function cardsText(page: Page): Promise<string> {
  await storeSession(page, CONTROLLER);
  await openScreen(page, '/auth/report/meal-card');
  await expect(page.getByTestId('report-meal-card-page')).toBeVisible();
  await expect(page.getByTestId('report-download')).toBeEnabled();
  const dl = page.waitForEvent('download');
  await page.getByTestId('report-download').click();
  const path = (await (await dl).path())!;
  // (Thai marks are shaped into private-use glyphs: the English line is the one read here)
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-']).toString();
}

/** Sets the branch's setting on the screen as the Branch Admin, and sees it kept. */
async function setNutrients(page: Page, on: boolean): Promise<void> {
  await storeSession(page, BRANCH_ADMIN);
  await openScreen(page, '/auth/meal-card-setting');
  await expect(page.getByTestId('card-setting-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: r('cardSetting.title') })).toBeVisible();
  const box = page.getByRole('checkbox', { name: r('cardSetting.nutrients') });
  await expect(box).toBeEnabled();
  if ((await box.isChecked()) !== on) await box.click();
  await expect(box).toBeChecked({ checked: on });
  await page.getByTestId('card-setting-save').click();
  await expect(page.getByText(r('cardSetting.saved'))).toBeVisible();
  // kept: the screen opened again reads it back
  await page.reload();
  await expect(page.getByRole('checkbox', { name: r('cardSetting.nutrients') })).toBeChecked({ checked: on });
}

test('meal card setting: turned on, the cards print energy, protein and carbohydrate; turned off again', async ({ page }) => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
  } catch {
    test.skip(true, 'poppler-utils (pdftotext) is needed to read the cards');
  }
  // off by default: no line of nutrients
  const before = await cardsText(page);
  expect(before).toContain('Breakfast');
  expect(before).not.toMatch(/Carbohydrate/);

  await setNutrients(page, true);
  const on = await cardsText(page);
  // "Energy 523 kcal · Protein 24.3 g · Carbohydrate 68 g" (no-break spaces between a word and its figure)
  expect(on).toMatch(/Energy\s[\d,.–]+\skcal/);
  expect(on).toMatch(/Protein\s[\d.–]+\sg/);
  expect(on).toMatch(/Carbohydrate\s[\d.–]+\sg/);

  await setNutrients(page, false);
  expect(await cardsText(page)).not.toMatch(/Carbohydrate/);
});
