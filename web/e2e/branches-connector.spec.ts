import { expect, test, type Page } from './fixtures';
import { openAs, text } from './helpers';
import { shot } from './master-data-helpers';

// Issue 12: a Super Admin edits a branch's hospital connector on the Branches screen and tests
// it against the demo hospital this server serves at /dev/fhir/<branch>. The settings are
// saved back as they were, so the sync (patients-sync.spec.ts) meets the demo's.

const c = (key: string, lang: 'th' | 'en' = 'th'): string => text(lang, 'branches', `connector.${key}`);

type Probe = { ok: boolean; error?: string; total: number | null; encounters: number; patients: number; locations: number; hasNext: boolean };

async function openConnector(page: Page, lang: 'th' | 'en', branch: string): Promise<void> {
  await openAs(page, 'superadmin@samrap.local', '/auth/branches', { lang });
  const row = page.getByTestId('branches-table').locator('tbody tr.ant-table-row', { hasText: branch });
  await row.getByTestId('branch-connector').click();
  await expect(page.getByTestId('connector-baseUrl')).toBeVisible();
}

async function runTest(page: Page): Promise<Probe> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/data-patient/testConnection'));
  await page.getByTestId('connector-test').click();
  const res = await answer;
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Probe }).data;
}

test('a Super Admin tests and saves SRP01\'s hospital connection; a wrong address and a wrong map line are told (Thai)', async ({ page }) => {
  await openConnector(page, 'th', 'SRP01');
  const drawer = page.getByTestId('connector-drawer');
  const base = page.getByTestId('connector-baseUrl');
  await expect(base).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/dev\/fhir\/SRP01$/);
  const demoUrl = await base.inputValue();
  const stored = await page.evaluate(async () => {
    const res = await fetch('/api/data-patient/hospitalSettings?code=SRP01', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return ((await res.json()) as { data: { settings: Record<string, unknown> } }).data.settings;
  });

  // the demo hospital answers: what it found is shown
  const ok = await runTest(page);
  expect(ok.ok).toBe(true);
  expect(ok.encounters).toBeGreaterThan(0);
  const probe = drawer.getByTestId('connector-probe');
  await expect(probe).toHaveClass(/ant-alert-success/);
  await expect(probe).toContainText(
    c('probe.page').replace('{{encounters}}', String(ok.encounters)).replace('{{patients}}', String(ok.patients)).replace('{{locations}}', String(ok.locations)),
  );
  await expect(probe).toContainText(ok.total === null ? c('probe.noTotal') : c('probe.total').replace('{{total}}', String(ok.total)));
  await shot(page, 'connector-test-ok-th');

  // a hospital that is not there: the server's reason, in Thai, nothing saved
  await base.fill(demoUrl.replace(/SRP01$/, 'NOWHERE'));
  const bad = await runTest(page);
  expect(bad.ok).toBe(false);
  expect(bad.error).toMatch(/[ก-๙]/);
  await expect(probe).toHaveClass(/ant-alert-error/);
  await expect(probe).toContainText(c('probe.failedTitle'));
  await expect(probe).toContainText(bad.error!);
  await shot(page, 'connector-test-failed-th');

  // an address the form refuses before any call
  await base.fill('ftp://hospital');
  await page.getByTestId('connector-test').click();
  await expect(drawer).toContainText(c('urlInvalid'));
  await base.fill(demoUrl);

  // a map line without "=": its panel opens with the line named, and nothing is sent
  const saves: string[] = [];
  page.on('request', (r) => r.url().includes('/api/data-patient/hospitalSettings') && r.method() === 'POST' && saves.push(r.url()));
  await drawer.getByRole('button', { name: new RegExp(c('fields.wards')) }).click();
  await page.getByTestId('connector-wards').fill('5N = W01\nW02');
  await page.getByTestId('connector-save').click();
  await expect(drawer).toContainText(c('badLines').replace('{{lines}}', '2'));
  expect(saves).toEqual([]);
  await shot(page, 'connector-bad-line-th');

  // back as it was, then saved: the settings stored are those read
  await page.getByTestId('connector-wards').fill('');
  const body = page.waitForRequest((r) => r.url().includes('/api/data-patient/hospitalSettings') && r.method() === 'POST');
  await page.getByTestId('connector-save').click();
  expect((await body).postDataJSON()).toEqual({ code: 'SRP01', settings: stored });
  await expect(page.locator('.ant-notification-notice', { hasText: c('saved').split('{{name}}')[0] })).toContainText('(SRP01)');
  await expect(drawer).toBeHidden();
});

test('the hospital connection drawer in English shows the counts of the demo hospital', async ({ page }) => {
  await openConnector(page, 'en', 'SRP02');
  await expect(page.getByTestId('connector-baseUrl')).toHaveValue(/\/dev\/fhir\/SRP02$/);
  const ok = await runTest(page);
  expect(ok.ok).toBe(true);
  await expect(page.getByTestId('connector-probe')).toContainText(c('probe.okTitle', 'en').replace(/\{\{ms\}\}.*/, ''));
  await expect(page.getByTestId('connector-probe-counts')).toContainText(
    c('probe.page', 'en').replace('{{encounters}}', String(ok.encounters)).replace('{{patients}}', String(ok.patients)).replace('{{locations}}', String(ok.locations)),
  );
  await page.getByTestId('connector-maps').getByRole('button', { name: new RegExp(c('fields.dietTypes', 'en')) }).click();
  await expect(page.getByTestId('connector-dietTypes')).toHaveValue(/urn:samrap:demo:diet\|DT01 = DT01/);
  await shot(page, 'connector-test-ok-en');
  // closing without a change asks nothing
  await page.getByRole('button', { name: c('cancel', 'en') }).click();
  await expect(page.getByTestId('connector-drawer')).toBeHidden();
});
