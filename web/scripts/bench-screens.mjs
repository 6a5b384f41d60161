// The screens on a ward PC (issue 28 §3): the order list against functions/local with the demo
// data, in Debian chromium at 1440×900, at normal CPU and with CDP CPU throttling ×4 (a ward
// PC). Prints, each beside a baseline from the same run, and never fails on a budget:
//   - first row after a cold load of the order list (budget ≤ 1.5 s at 4×), beside the app's
//     smallest screen (Login) painted from cold; with the JS files and gzipped bytes loaded
//     before the row (budget ≤ 250 kB gz, ≤ 20 files);
//   - a page change and a ward filter on the order list: the time from the click to the new
//     rows painted (budget ≤ 200 ms normal, ≤ 600 ms at 4×), beside the API's own answer
//     time in the browser (the floor the screen cannot go under), with the longest task.
// Builds functions/local, gives it a fresh database (BENCH_WEB_DB, default
// samrap_bench_web), serves web/dist (built by make bench / scripts/build-web.sh).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium as pw } from 'playwright-core';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(web, '..');
// BENCH_WEB_DIR: another build of the app (one before a change, to compare in the same conditions)
const dist = process.env.BENCH_WEB_DIR ? resolve(process.env.BENCH_WEB_DIR) : join(web, 'dist');
const chromium = process.env.SAMRAP_CHROMIUM ?? '/usr/bin/chromium';
const db = process.env.BENCH_WEB_DB ?? 'samrap_bench_web';
const pgAdmin = process.env.SAMRAP_E2E_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable';
const quick = process.env.BENCH_QUICK === '1';
const EMAIL = 'controller@samrap.local';
const PASSWORD = 'Samrap#2026';
const flags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'];

if (!/^samrap_bench\w*$/.test(db)) throw new Error(`BENCH_WEB_DB must start with samrap_bench (it is dropped): ${db}`);
if (!existsSync(join(dist, 'index.html'))) throw new Error('web/dist is not built: run scripts/build-web.sh');
if (!existsSync(chromium)) throw new Error(`${chromium} is missing: run scripts/ensure-deps.sh`);

const freePort = () =>
  new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const ms = (n) => `${Math.round(n)} ms`.padStart(8);
const kb = (n) => `${(n / 1024).toFixed(0)} kB`;
const verdict = (ok) => (ok ? 'OK' : 'OVER');

// ---- the server ----------------------------------------------------------------------------
const tmp = mkdtempSync(join(tmpdir(), 'samrap-bench-web-'));
const bin = join(tmp, 'samrap-local');
execFileSync('go', ['build', '-o', bin, './functions/local'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
execFileSync('psql', [pgAdmin, '-q', '-v', 'ON_ERROR_STOP=1', '-c', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`], { stdio: ['ignore', 'ignore', 'inherit'] });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(bin, [], {
  cwd: repo,
  env: { ...process.env, PORT: String(port), DATABASE_URL: pgAdmin.replace(/\/postgres\?/, `/${db}?`), WEB_DIR: dist, PUBLIC_URL: base },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let serverErr = '';
server.stderr.on('data', (b) => (serverErr = (serverErr + b).slice(-2000)));

async function waitForHealth(until) {
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}: ${serverErr}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/health within 120 s');
}

/** The session Login would store (SPEC.md §3's keys), made through the API as the browser tests do. */
async function session() {
  const call = async (path, init) => {
    const res = await fetch(`${base}/api${path}`, init);
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.msg}`);
    return body.data;
  };
  let tokens = await call('/auth/accessToken', { method: 'POST', body: new URLSearchParams({ username: EMAIL, password: PASSWORD }) });
  const userInfo = () => call('/auth/userInfo', { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  let user = await userInfo();
  if (!user.current && user.permission.length === 1) {
    const [pair] = user.permission;
    tokens = await call('/auth/selectRole', {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ branchCode: pair.branchCode, roleCode: pair.roleCode }),
    });
    user = await userInfo();
  }
  return {
    token: tokens.access_token,
    refreshToken: tokens.refresh_token,
    tokenIat: String(Math.floor(Date.now() / 1000)),
    tokenExpMs: String(tokens.expires_in),
    loginIssuedAt: String(user.loginIssuedAt),
    userInfo: JSON.stringify(user),
    language: 'th',
  };
}

// In the page from its start: the moment a selector's element is first painted (the frame
// after the one that found it), and the long tasks.
const watcher = () => {
  window.__bench = { painted: {}, longtasks: [] };
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__bench.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long task timing */
  }
  /** Resolves with the time the next frame after `ready()` holds was painted (after its rAF, a task later). */
  window.__benchUntilPainted = (ready) =>
    new Promise((resolve) => {
      const check = () => {
        if (ready()) requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
        else requestAnimationFrame(check);
      };
      check();
    });
  window.__benchWatch = (name, selector) =>
    window.__benchUntilPainted(() => document.querySelector(selector) !== null).then((t) => (window.__bench.painted[name] = t));
};

const ROWS = '[data-testid="orders-table"] tbody tr.ant-table-row';
const gzipOf = new Map();
const gz = (path) => {
  if (!gzipOf.has(path)) {
    const file = join(dist, path);
    gzipOf.set(path, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0);
  }
  return gzipOf.get(path);
};

async function newPage(browser, rate, values) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
  if (values) {
    await context.addInitScript((v) => {
      for (const [k, x] of Object.entries(v)) localStorage.setItem(k, x);
    }, values);
  }
  await context.addInitScript(watcher);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  return { context, page, cdp };
}

/** The renderer's main thread CPU time so far (s): unlike the wall time, it does not grow with the machine's other load. */
async function threadTime(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN;
}

/** A cold load (new context, empty cache) of `path` until `selector` is painted: ms from navigation start, JS before it. */
async function coldLoad(browser, rate, values, path, selector) {
  const { context, page } = await newPage(browser, rate, values);
  try {
    await page.addInitScript((sel) => window.__benchWatch('target', sel), selector);
    await page.goto(`${base}${path}`);
    await page.waitForFunction(() => window.__bench.painted.target !== undefined, null, { timeout: 60_000 });
    const { at, js } = await page.evaluate(() => {
      const at = window.__bench.painted.target;
      const js = performance.getEntriesByType('resource').filter((e) => e.startTime <= at && new URL(e.name).pathname.endsWith('.js'));
      return { at, js: js.map((e) => new URL(e.name).pathname) };
    });
    return { at, files: js.length, bytes: js.reduce((n, p) => n + gz(p), 0) };
  } finally {
    await context.close();
  }
}

/**
 * Clicks the element `click` (a selector) finds in the page and answers the ms until the order list's rows have
 * changed (their HNs differ, no spinner) and are painted, the longest task in
 * between and the search call's time in the browser (request sent to answer received).
 */
async function interaction(page, cdp, click) {
  const cpu0 = await threadTime(cdp);
  const searched = page.waitForResponse((r) => r.url().includes('/api/takerOrder/search'), { timeout: 60_000 }).catch(() => null);
  const result = await page.evaluate(async ({ rows, click }) => {
    // the rows' HNs, in order: another page or ward is another list
    const first = () => [...document.querySelectorAll(rows)].map((r) => r.getAttribute('data-hn')).join(' ') || null;
    const before = first();
    const target = document.querySelector(click);
    if (!target) throw new Error(`nothing to click: ${click}`);
    const t0 = performance.now();
    target.click();
    const t1 = await Promise.race([
      window.__benchUntilPainted(
        () => first() !== null && first() !== before && document.querySelector('[data-testid="orders-table"] .ant-spin-spinning') === null,
      ),
      new Promise((_, fail) => setTimeout(() => fail(new Error(`the rows did not change within 60 s (${before})`)), 60_000)),
    ]);
    const long = window.__bench.longtasks.filter((e) => e.start >= t0 - 1 && e.start < t1).reduce((m, e) => Math.max(m, e.duration), 0);
    return { ms: t1 - t0, long };
  }, { rows: ROWS, click });
  const cpu = (await threadTime(cdp)) - cpu0;
  const res = await searched;
  const timing = res?.request().timing();
  return { ...result, cpu: cpu * 1000, api: timing && timing.responseEnd > 0 ? timing.responseEnd - timing.requestStart : NaN };
}

const nextPage = '.ant-pagination-next:not(.ant-pagination-disabled) button';

async function main() {
  await waitForHealth(Date.now() + 120_000);
  const values = await session();
  const browser = await pw.launch({ executablePath: chromium, args: flags });
  const rounds = quick ? 1 : 2;
  const out = [];
  try {
    for (const rate of (process.env.BENCH_WEB_RATES ?? '1,4').split(',').map(Number)) {
      const budget = rate === 1 ? 200 : 600;
      const label = rate === 1 ? 'normal CPU' : '4x CPU throttling';
      // cold loads: the smallest screen (Login) and the order list, median of `rounds`
      const login = [];
      const list = [];
      for (let i = 0; i < rounds; i++) {
        login.push(await coldLoad(browser, rate, null, '/login', 'form[name=login] button[type=submit]'));
        list.push(await coldLoad(browser, rate, values, '/auth/order', ROWS));
      }
      const lo = median(login.map((x) => x.at));
      const first = median(list.map((x) => x.at));
      out.push(`order list, ${label} (1440x900, demo branch)`);
      out.push(`  Login painted, cold        ${ms(lo)}   ${login[0].files} JS files, ${kb(login[0].bytes)} gz   (baseline: the smallest screen)`);
      const firstBudget = rate === 4 ? `budget <= 1500 ms at 4x  ${verdict(first <= 1500)}` : '(budget at 4x)';
      out.push(`  first row, cold            ${ms(first)}   ${(first / lo).toFixed(1)}x the baseline   ${firstBudget}`);
      if (rate === 1) out.push(`  JS before the first row    ${kb(list[0].bytes).padStart(8)} gz   budget <= 250 kB gz  ${verdict(list[0].bytes <= 250 * 1024)}`);
      if (rate === 1) out.push(`  JS files before it         ${String(list[0].files).padStart(8)}      budget <= 20 files  ${verdict(list[0].files <= 20)}`);

      // page changes (each to a page not yet read) and ward filters (each ward once)
      const pages = [];
      const wards = [];
      for (let i = 0; i < rounds; i++) {
        const { context, page, cdp } = await newPage(browser, rate, values);
        try {
          await page.goto(`${base}/auth/order`);
          await page.locator(ROWS).first().waitFor({ timeout: 60_000 });
          await page.waitForLoadState('networkidle');
          // BENCH_WEB_PROFILE=file.cpuprofile: the page changes of the first round at normal CPU, profiled (open it in Chrome's DevTools)
          const profile = process.env.BENCH_WEB_PROFILE && rate === 1 && i === 0;
          if (profile) {
            await cdp.send('Profiler.enable');
            await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
            await cdp.send('Profiler.start');
          }
          for (let p = 0; p < 3; p++) pages.push(await interaction(page, cdp, nextPage));
          if (profile) writeFileSync(process.env.BENCH_WEB_PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
          await page.goto(`${base}/auth/order`);
          await page.locator(ROWS).first().waitFor({ timeout: 60_000 });
          await page.waitForLoadState('networkidle');
          const wardNames = await (async () => {
            await page.getByTestId('ward-filter').click();
            const names = await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').evaluateAll((os) => os.map((o) => o.getAttribute('title')));
            await page.keyboard.press('Escape');
            return names.slice(1, 4);
          })();
          for (const name of wardNames) {
            await page.getByTestId('ward-filter').click();
            const option = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${name}"]`);
            await option.waitFor();
            await option.evaluate((el, n) => el.setAttribute('data-bench', n), name);
            wards.push(await interaction(page, cdp, `[data-bench="${name}"]`));
          }
        } finally {
          await context.close();
        }
      }
      for (const [name, xs] of [['page change', pages], ['ward filter', wards]]) {
        const m = median(xs.map((x) => x.ms));
        const api = median(xs.map((x) => x.api));
        const long = Math.max(...xs.map((x) => x.long));
        const cpu = median(xs.map((x) => x.cpu));
        out.push(
          `  ${name.padEnd(26)} ${ms(m)}   (n=${xs.length}, max ${Math.round(Math.max(...xs.map((x) => x.ms)))} ms, longest task ${Math.round(long)} ms, main thread CPU ${Math.round(cpu)} ms)   baseline: the API answer in the browser ${Math.round(api)} ms   budget <= ${budget} ms  ${verdict(m <= budget)}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  console.log(out.join('\n'));
}

try {
  await main();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.on('exit', r)));
  execFileSync('psql', [pgAdmin, '-q', '-c', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`], { stdio: 'ignore' });
  rmSync(tmp, { recursive: true, force: true });
}
