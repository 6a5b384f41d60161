import { expect, test, type Locator, type Page, type Response } from './fixtures';
import { shot } from './master-data-helpers';
import { p } from './patients-helpers';
import { createAccount, registerAccount, stamp } from './users-helpers';
import { openAs, text } from './helpers';

// Issue 12: the hospital sync on the patient list — the button, the phases with the progress,
// then the report's counts — against the demo hospital this server serves. It runs on SRP02,
// whose patients no other browser test reads (they all work on SRP01), as a Controller of
// SRP02 made for it: the sync rewrites the branch's census.

type Job = {
  status: string;
  phase: string;
  phaseLabel: string;
  progress: number;
  running: boolean;
  report?: { census: number; counts: Record<string, number> } | null;
};

function jobOf(res: Response): Promise<Job> {
  return res.json().then((b: { data: Job }) => b.data);
}

async function search(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/patient/search') && r.url().includes(`criteria=${text}`));
  await page.getByTestId('patients-search').fill(text);
  await page.getByTestId('patients-search').press('Enter');
  await answered;
}

/** A Controller of SRP02 made for the test, signed in on the patient list in the language asked. */
async function signInSRP02Controller(page: Page, lang: 'th' | 'en'): Promise<void> {
  const id = stamp().toLowerCase();
  const email = `sync-${lang}-${id}@samrap.local`;
  const account = await createAccount(page.request, {
    email, employeeCode: `SY${lang.toUpperCase()}${id}`.slice(0, 20), permissions: [{ branchCode: 'SRP02', roleCode: 'BCT' }],
  });
  const password = await registerAccount(page.request, account, email);
  await openAs(page, email, '/auth', { lang, password });
  await expect(page).toHaveURL(/\/auth\/patient$/);
  await expect(page.getByTestId('patients-table').locator('tbody tr.ant-table-row').first()).toContainText('SRP02-HN');
}

/** The sync's dialog (its Modal's testid sits on a wrapper that has no box of its own). */
function syncDialog(page: Page, lang: 'th' | 'en'): Locator {
  return page.getByRole('dialog', { name: p('sync.title', lang) });
}

/** Starts a sync with the button; answers the start's answer and every later progress answer. */
async function startSync(page: Page, lang: 'th' | 'en'): Promise<{ start: Job; polls: Job[] }> {
  const polls: Job[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/data-patient/checkProcessApiPatient') && r.status() === 200) void jobOf(r).then((j) => j && polls.push(j));
  });
  const started = page.waitForResponse((r) => r.url().includes('/api/data-patient/importData'));
  await page.getByTestId('sync-open').click();
  const start = await jobOf(await started);
  await expect(syncDialog(page, lang)).toBeVisible();
  return { start, polls };
}

/** What the hospital's census changes in the demo (pkg/demo HospitalCensus) on a first sync. */
const FIRST = { admitted: 1, readmitted: 1, moved: 1, discharged: 2, diet: 1, npo: 1, allergiesAdded: 2 };

test('a Controller syncs SRP02 from the demo hospital: phases, progress, then the report\'s counts (Thai)', async ({ page }) => {
  await signInSRP02Controller(page, 'th');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const before = await page.request.get('/api/data-patient/checkProcessApiPatient?branchCode=SRP02', { headers: { Authorization: `Bearer ${token}` } });
  // the first sync of the branch in this run (no other test syncs SRP02; the English one comes after)
  expect(((await before.json()) as { data: Job | null }).data).toBeNull();

  const { start, polls } = await startSync(page, 'th');
  const dialog = syncDialog(page, 'th');
  expect(['QUEUED', 'RUNNING']).toContain(start.status);
  expect(start.running).toBe(true);
  expect(start.phaseLabel).not.toBe('');

  // followed until it ends: the bar full, the label of the last phase, the counts
  const report = dialog.getByTestId('sync-report');
  await expect(report).toBeVisible({ timeout: 30_000 });
  // the dialog may draw the report before this test has read the last poll's body
  await expect.poll(() => polls[polls.length - 1]?.status).toBe('DONE');
  const done = polls[polls.length - 1];
  expect(done).toMatchObject({ status: 'DONE', phase: 'DONE', progress: 100, running: false });
  // each answer moved forward: never back to an earlier phase, the progress never down
  const order = ['QUEUED', 'IMPORTING', 'FILTERING', 'FORMATTING', 'DONE'];
  const seen = [start, ...polls];
  for (let i = 1; i < seen.length; i++) {
    expect(order.indexOf(seen[i].phase)).toBeGreaterThanOrEqual(order.indexOf(seen[i - 1].phase));
    expect(seen[i].progress).toBeGreaterThanOrEqual(seen[i - 1].progress);
  }
  await expect(dialog.getByTestId('sync-phase')).toHaveText(done.phaseLabel);
  await expect(dialog.getByTestId('sync-progress')).toHaveClass(/ant-progress-status-success/);
  expect(done.report!.census).toBe(90);
  await expect(report).toContainText(p('sync.census').replace('{{count}}', '90'));
  for (const [key, n] of Object.entries(FIRST)) {
    expect(done.report!.counts[key], key).toBe(n);
    await expect(dialog.getByTestId(`sync-count-${key}`)).toHaveText(String(n));
  }
  await shot(page, 'patients-sync-report-th');
  await dialog.getByTestId('sync-close').click();
  await expect(dialog).toBeHidden();

  // the list was read again: the new admission is in it, those gone home are not
  const rows = page.getByTestId('patients-table').locator('tbody tr.ant-table-row');
  await search(page, 'SRP02-HN20001');
  await expect(rows).toHaveCount(1);
  await search(page, 'SRP02-HN10011');
  await expect(page.getByTestId('patients-table').locator('.ant-empty')).toBeVisible();
});

test('a second sync in English finds nothing new: the same phases end with every change at 0', async ({ page }) => {
  await signInSRP02Controller(page, 'en');
  // run alone, the branch has not synced yet: a first sync through the API, followed to its end
  const headers = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
  const latest = async () =>
    ((await (await page.request.get('/api/data-patient/checkProcessApiPatient?branchCode=SRP02', { headers })).json()) as { data: Job | null }).data;
  if ((await latest()) === null) {
    expect((await page.request.post('/api/data-patient/importData?branchCode=SRP02&createBy=e2e', { headers })).status()).toBe(200);
  }
  await expect.poll(async () => (await latest())?.running, { timeout: 30_000 }).toBe(false);
  const { polls } = await startSync(page, 'en');
  const dialog = syncDialog(page, 'en');
  await expect(dialog.getByTestId('sync-report')).toBeVisible({ timeout: 30_000 });
  // the dialog may draw the report before this test has read the last poll's body
  await expect.poll(() => polls[polls.length - 1]?.status).toBe('DONE');
  const done = polls[polls.length - 1];
  expect(done).toMatchObject({ status: 'DONE', progress: 100 });
  await expect(dialog.getByTestId('sync-phase')).toHaveText(done.phaseLabel);
  await expect(dialog).toContainText(p('sync.title', 'en'));
  await expect(dialog.getByTestId('sync-report')).toContainText(p('sync.census', 'en').replace('{{count}}', '90'));
  for (const key of Object.keys(FIRST)) await expect(dialog.getByTestId(`sync-count-${key}`)).toHaveText('0');
  await shot(page, 'patients-sync-report-en');
  await dialog.getByTestId('sync-close').click();

  // the reports are kept (issue 30 §2): the last syncs, newest first; the first one opened
  // lists the patients it changed, each a link to the patient's change record
  await page.getByTestId('sync-history-open').click();
  const history = page.getByTestId('sync-history-table').locator('tbody tr.ant-table-row');
  await expect(history.first()).toBeVisible();
  const runs = await history.count();
  expect(runs).toBeGreaterThanOrEqual(2);
  await expect(history.first().getByTestId('sync-history-changed')).toHaveText('0');
  const first = history.nth(runs - 1);
  await expect(first.getByTestId('sync-history-changed')).not.toHaveText('0');
  await first.click();
  const changed = page.getByTestId('sync-history').getByTestId('sync-patients');
  await expect(changed.locator('[data-kind=admitted]')).toContainText('SRP02-HN20001');
  await expect(changed.locator('[data-kind=discharged]')).toContainText('SRP02-HN10011');
  await shot(page, 'patients-sync-history-en');
  await changed.locator('[data-kind=admitted]').getByRole('link', { name: 'SRP02-HN20001' }).click();
  await expect(page).toHaveURL(/\/auth\/report\/patient\?q=SRP02-HN20001$/);
});

// Issue 30 §2: SRP02's HL7 v2 feed on the Branches screen (here, after the syncs, because the
// demo day rewrites SRP02's census as the sync does). A Super Admin makes the feed's key (shown
// once), sends the demo hospital's day (the button a local run shows), sees the last day by
// the hour and every message applied; a message the hospital sends with that key whose patient
// data is invalid is listed failed with its reason, and applied again from its row.
test('the HL7 v2 feed of SRP02: a key made, the demo day sent and applied, a failed message applied again', async ({ page, baseURL }) => {
  const f = (key: string, lang: 'th' | 'en' = 'en'): string => text(lang, 'branches', `feed.${key}`);
  await openAs(page, 'superadmin@samrap.local', '/auth/branches', { lang: 'en' });
  const row = page.getByTestId('branches-table').locator('tbody tr.ant-table-row', { hasText: 'SRP02' });
  await row.getByTestId('branch-feed').click();
  const drawer = page.getByTestId('feed-drawer');
  await expect(drawer.getByTestId('feed-url')).toHaveText(`${baseURL}/api/hl7/SRP02`);

  // a new key, shown once
  await drawer.getByTestId('feed-rotate').click();
  await page.getByRole('button', { name: f('rotate.ok') }).click();
  const key = (await drawer.getByTestId('feed-new-key').innerText()).trim();
  expect(key.length).toBeGreaterThan(20);
  await expect(drawer.getByTestId('feed-key-state')).toContainText('D0005');

  // the demo hospital's day: every message accepted, then applied
  await drawer.getByTestId('feed-demo').click();
  const sent = page.getByText(/^\d+ of \d+ messages accepted$/);
  await expect(sent).toBeVisible();
  const [accepted, total] = ((await sent.innerText()).match(/\d+/g) ?? []).map(Number);
  expect(accepted).toBe(total);
  expect(total).toBeGreaterThan(50);
  const statuses = drawer.getByTestId('feed-messages').getByTestId('feed-status');
  await expect(statuses.first()).toBeVisible();
  await expect(drawer.getByTestId('feed-messages').locator('[data-status=queued]')).toHaveCount(0, { timeout: 30_000 });
  await expect(drawer.getByTestId('feed-messages').locator('[data-status=failed]')).toHaveCount(0);
  await expect(drawer.getByTestId('feed-hours')).toContainText(String(total));

  // the hospital sends an admission with a birth date to come: accepted (AA), not applied
  const now = new Date();
  const ts = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const control = `E2E${ts}`;
  const msg = [
    `MSH|^~\\&|HIS|HOSPITAL|SAMRAP|SRP02|${ts}+0000||ADT^A01^ADT_A01|${control}|P|2.5.1`,
    `EVN|A01|${ts}+0000`,
    'PID|1||SRP02-HN19999^^^HOSPITAL^MR||Future^Born^^^^^L||20991231|M',
    'PV1|1|I',
  ].join('\r');
  const ack = await page.request.post('/api/hl7/SRP02', { headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'x-application/hl7-v2+er7' }, data: msg });
  expect(ack.status()).toBe(200);
  expect(await ack.text()).toContain(`MSA|AA|${control}`);
  await drawer.getByTestId('feed-status-filter').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: f('status.failed') }).click();
  const failed = drawer.getByTestId('feed-messages').locator('tbody tr.ant-table-row', { hasText: control });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await expect(failed.getByTestId('feed-reason')).not.toBeEmpty();
  await failed.getByTestId('feed-replay').click();
  await expect(page.getByText(f('replayed').replace('{{control}}', control))).toBeVisible();
  // queued again it leaves the failed ones; among them all it is applied again and fails
  // again (the birth date is still to come), with its reason
  await drawer.getByTestId('feed-status-filter').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: f('statusAll') }).click();
  const again = drawer.getByTestId('feed-messages').locator('tbody tr.ant-table-row', { hasText: control });
  await expect(again.getByTestId('feed-status')).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
  await expect(again.getByTestId('feed-reason')).not.toBeEmpty();
  await shot(page, 'feed-drawer-en');
});

// Issue 30: a Branch Admin's view of its own branch's feed (SRP02's, after the test above sent
// its day and a failed message): from the sidebar, in Thai — the address, the messages with the
// failed one and its Apply again; no new key, which is the Super Admin's.
test('a Branch Admin of SRP02 opens its feed from the sidebar: the messages and the failed one, no new key (Thai)', async ({ page, baseURL }) => {
  const f = (key: string): string => text('th', 'branches', `feed.${key}`);
  await openAs(page, 'multi@samrap.local', '/auth/user-permission-branch', { lang: 'th', pair: { branchCode: 'SRP02', roleCode: 'BAM' } });
  // under user management, whose group the open screen (access rights) holds open
  await page.getByTestId('sidebar').getByRole('menuitem', { name: text('th', 'layout', 'menu.hl7Feed'), exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/hl7-feed$/);
  const view = page.getByTestId('feed-page');
  await expect(view.getByRole('heading', { name: f('page.title') })).toBeVisible();
  await expect(view.getByTestId('feed-url')).toHaveText(`${baseURL}/api/hl7/SRP02`);
  await expect(view.getByTestId('feed-messages').locator('[data-status=applied]').first()).toBeVisible();
  await expect(view.getByTestId('feed-messages').locator('tbody tr.ant-table-row', { hasText: 'E2E' }).getByTestId('feed-replay')).toBeVisible();
  await expect(view.getByTestId('feed-rotate')).toHaveCount(0);
});

// Issue 30: the feed's day on the patients screen — a Controller of SRP02 opens "Last syncs",
// then the HL7 v2 feed by day: today's messages (the demo day and the failed one above), and
// opened, what they changed together and the failed message with why (the API test,
// pkg/hl7feed TestFeedDayReport, checks the counts and patients).
test('a Controller of SRP02 sees what the HL7 v2 feed changed today beside the syncs, with the failed message', async ({ page }) => {
  const ph = (key: string): string => p(key, 'en');
  await signInSRP02Controller(page, 'en');
  await page.getByTestId('sync-history-open').click();
  const drawer = page.getByTestId('sync-history');
  await drawer.getByRole('tab', { name: ph('syncHistory.tabs.feed') }).click();
  const today = drawer.getByTestId('feed-days').locator('tbody tr.ant-table-row').first();
  await expect(today.getByTestId('feed-day-failed')).not.toHaveText('0');
  await today.click();
  // what the day's messages changed (the syncs above made the census the demo day sends, so
  // its counts may all be 0), then the failed message
  const report = drawer.getByTestId('feed-day');
  await expect(report.getByTestId('sync-report')).toContainText(/\d+ messages applied of \d+ received/);
  await expect(report.getByTestId('sync-count-admitted')).toBeVisible();
  await expect(report.getByTestId('feed-day-failures').locator('tbody tr', { hasText: 'SRP02-HN19999' })).toBeVisible();
});
