// Runs the browser tests against functions/local serving the built app:
// builds the backend, gives it a fresh database, starts it on a free port, waits for
// /api/health, runs Playwright (Debian chromium, never a downloaded browser), stops it.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(web, '..');
const db = process.env.SAMRAP_E2E_DB ?? 'samrap_e2e';
const pgAdmin = process.env.SAMRAP_E2E_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable';
// Browser workers, each with its own server and database (SAMRAP_E2E_WORKERS, default 2).
const workers = Number(process.env.SAMRAP_E2E_WORKERS ?? 2);
// SAMRAP_E2E_WEB_DIR lets runs side by side each test their own build of the app.
const dist = process.env.SAMRAP_E2E_WEB_DIR ? resolve(process.env.SAMRAP_E2E_WEB_DIR) : join(web, 'dist');

function step(msg) {
  console.log(`e2e: ${msg}`);
}

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function waitForHealth(url, proc, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode} before answering`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 200 within ${ms / 1000}s`);
}

if (!existsSync(join(dist, 'index.html'))) {
  step(`building the web app into ${dist}`);
  execFileSync('npm', ['run', 'bundle', '--', '--outDir', dist, '--emptyOutDir'], { cwd: web, stdio: 'inherit' });
}
// The browser: SAMRAP_CHROMIUM, else Debian's chromium-headless-shell (Chromium's old headless
// shell, without the full browser's windowing and GPU process: on orders-flow and
// master-data-every-kind side by side with the full chromium, 22 % less processor and 17 %
// less worker time, issue 26), else Debian's chromium. The specs read it from the environment
// (playwright.config.ts, serve.spec.ts).
const browserPath =
  process.env.SAMRAP_CHROMIUM ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p));
if (!browserPath) {
  throw new Error('Debian chromium is missing: run `bash scripts/ensure-deps.sh` (or `make deps`)');
}
process.env.SAMRAP_CHROMIUM = browserPath;

// The suite lives in one hospital day: each server seeds the demo's orders for the day it
// starts (Bangkok), and the tests read "today's" cards, workbook and board. A run that crosses
// Bangkok's midnight finds tomorrow empty (a fresh-clone run that started at 23:50 failed four
// report tests that way), so a run that would end past midnight waits for the new day first.
const dayMargin = Number(process.env.SAMRAP_E2E_DAY_MARGIN_MIN ?? 35) * 60_000;
const bangkokMs = Date.now() + 7 * 3600_000;
const toMidnight = 24 * 3600_000 - (bangkokMs % (24 * 3600_000));
if (toMidnight < dayMargin) {
  step(`Bangkok's day ends in ${Math.ceil(toMidnight / 60_000)} min, before the suite would: waiting for the new day`);
  await new Promise((r) => setTimeout(r, toMidnight + 30_000));
}

const tmp = mkdtempSync(join(tmpdir(), 'samrap-e2e-'));
const report = join(tmp, 'report.json');
const bin = join(tmp, 'samrap-local');
step('building functions/local');
execFileSync('go', ['build', '-o', bin, './functions/local'], { cwd: repo, stdio: 'inherit' });

// One server and one database per Playwright worker: the workers never see each other's
// changes, and each test file runs whole on one of them (e2e/fixtures.ts picks the server).
const servers = [];
for (let i = 0; i < workers; i++) {
  const name = workers === 1 ? db : `${db}_${i + 1}`;
  step(`fresh database ${name}`);
  execFileSync('psql', [pgAdmin, '-q', '-v', 'ON_ERROR_STOP=1', '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`], {
    stdio: 'inherit',
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logPath = join(tmp, `server-${i + 1}.log`);
  const log = createWriteStream(logPath);
  const proc = spawn(bin, [], {
    cwd: repo,
    // PUBLIC_URL: the e-mailed links (registration, reset) point at this server.
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: pgAdmin.replace(/\/postgres\?/, `/${name}?`),
      WEB_DIR: dist,
      PUBLIC_URL: process.env.PUBLIC_URL ?? base,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.pipe(log);
  proc.stderr.pipe(log);
  servers.push({ base, proc, logPath });
}

let code = 1;
try {
  step(`starting ${workers} server(s): ${servers.map((s) => s.base).join(' ')}`);
  await Promise.all(servers.map((s) => waitForHealth(`${s.base}/api/health`, s.proc, 120_000)));
  step(`running the browser tests on ${workers} worker(s)`);
  const pw = spawn(
    process.execPath,
    [
      join(repo, 'node_modules', '@playwright', 'test', 'cli.js'),
      'test',
      '-c',
      join(web, 'e2e', 'playwright.config.ts'),
      `--workers=${workers}`,
      ...process.argv.slice(2),
    ],
    {
      cwd: web,
      env: {
        ...process.env,
        SAMRAP_E2E_BASE_URLS: servers.map((s) => s.base).join(','),
        SAMRAP_E2E_JSON: report,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      },
      stdio: 'inherit',
    },
  );
  code = await new Promise((ok) => pw.on('exit', (c) => ok(c ?? 1)));
  // The app ran under the production Content-Security-Policy (functions/security-headers.json);
  // each server collected what it blocked. Anything blocked is a failure: in AWS it would break.
  let blocked = 0;
  for (const s of servers) {
    const reports = await (await fetch(`${s.base}/dev/csp-report`)).json();
    for (const r of reports) console.error(`  ${JSON.stringify(r)}`);
    blocked += reports.length;
  }
  if (blocked > 0) {
    console.error(`e2e: the Content-Security-Policy blocked ${blocked} thing(s) (above)`);
    code = 1;
  } else {
    step('no Content-Security-Policy violation reported');
  }
} catch (e) {
  console.error('e2e:', e.message);
} finally {
  for (const s of servers) s.proc.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((ok) => (s.proc.exitCode !== null ? ok() : s.proc.on('exit', ok)))));
  printSlowest(report);
  if (code !== 0) {
    step(`server logs kept in ${tmp}`);
    printFailures(report);
  } else {
    rmSync(tmp, { recursive: true, force: true });
  }
}
process.exit(code);

/** The files that took longest, summed over their tests (where the suite's time goes). */
function printSlowest(file) {
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return;
  }
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        for (const r of t.results ?? []) byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + (r.duration ?? 0));
      }
    }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of parsed.suites ?? []) walk(s);
  const total = [...byFile.values()].reduce((a, b) => a + b, 0);
  const top = [...byFile.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  step(`worker time ${(total / 1000).toFixed(0)} s; slowest files: ${top.map(([f, ms]) => `${basename(f)} ${(ms / 1000).toFixed(0)} s`).join(', ')}`);
}

/**
 * Each failed test with the start of its error, printed last: a CI log keeps only its end, and
 * the list reporter's details of a failure scroll out of it.
 */
function printFailures(file) {
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return;
  }
  const plain = (s) => String(s ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const failed = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = t.results[t.results.length - 1];
        // a timed-out test has two errors: the timeout, then the step it was waiting on (with
        // its place and what it waited for); each gets its first lines
        const errors = (last?.errors?.length ? last.errors : [last?.error]).filter(Boolean).slice(0, 3);
        const lines = errors.flatMap((e) => {
          const at = e.location ? `${basename(e.location.file)}:${e.location.line}: ` : '';
          const text = plain(e.message).split('\n')
            // not the stack nor the code frame around the line (the place says where)
            .filter((l) => l.trim() !== '' && !l.trim().startsWith('at ') && !/^\s*>?\s*\d*\s*\|/.test(l));
          return text.slice(0, 5).map((l, i) => (i === 0 ? at + l : `  ${l}`));
        });
        const took = last?.duration ? ` (${(last.duration / 1000).toFixed(1)} s)` : '';
        failed.push(`  ✘ ${spec.file}:${spec.line} › ${spec.title}${took}\n${lines.map((l) => `      ${l}`).join('\n')}`);
      }
    }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of parsed.suites ?? []) walk(s);
  if (failed.length > 0) console.error(`e2e: ${failed.length} failed:\n${failed.join('\n')}`);
}

