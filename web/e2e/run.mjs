// Runs the browser tests against functions/local serving the built app:
// builds the backend, gives it a fresh database, starts it on a free port, waits for
// /api/health, runs Playwright (Debian chromium, never a downloaded browser), stops it.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(web, '..');
const db = process.env.SAMRAP_E2E_DB ?? 'samrap_e2e';
const pgAdmin = process.env.SAMRAP_E2E_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable';
const databaseUrl = pgAdmin.replace(/\/postgres\?/, `/${db}?`);
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
  execFileSync('npm', ['run', 'build', '--', '--outDir', dist, '--emptyOutDir'], { cwd: web, stdio: 'inherit' });
}
if (!existsSync('/usr/bin/chromium') && !process.env.SAMRAP_CHROMIUM) {
  throw new Error('Debian chromium is missing: run `bash scripts/ensure-deps.sh` (or `make deps`)');
}

const tmp = mkdtempSync(join(tmpdir(), 'samrap-e2e-'));
const bin = join(tmp, 'samrap-local');
step('building functions/local');
execFileSync('go', ['build', '-o', bin, './functions/local'], { cwd: repo, stdio: 'inherit' });

step(`fresh database ${db}`);
execFileSync('psql', [pgAdmin, '-q', '-v', 'ON_ERROR_STOP=1', '-c', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`], {
  stdio: 'inherit',
});

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const logPath = join(tmp, 'server.log');
const log = createWriteStream(logPath);
const server = spawn(bin, [], {
  cwd: repo,
  // PUBLIC_URL: the e-mailed links (registration, reset) point at this server.
  env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, WEB_DIR: dist, PUBLIC_URL: process.env.PUBLIC_URL ?? base },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.pipe(log);
server.stderr.pipe(log);

let code = 1;
try {
  step(`starting the server on ${base}`);
  await waitForHealth(`${base}/api/health`, server, 90_000);
  step('running the browser tests');
  const pw = spawn(
    process.execPath,
    [join(repo, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '-c', join(web, 'e2e', 'playwright.config.ts'), ...process.argv.slice(2)],
    { cwd: web, env: { ...process.env, SAMRAP_E2E_BASE_URL: base, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }, stdio: 'inherit' },
  );
  code = await new Promise((ok) => pw.on('exit', (c) => ok(c ?? 1)));
  // The app ran under the production Content-Security-Policy (functions/security-headers.json);
  // the server collected what it blocked. Anything blocked is a failure: in AWS it would break.
  const reports = await (await fetch(`${base}/dev/csp-report`)).json();
  if (reports.length > 0) {
    console.error(`e2e: the Content-Security-Policy blocked ${reports.length} thing(s):`);
    for (const r of reports) console.error(`  ${JSON.stringify(r)}`);
    code = 1;
  } else {
    step('no Content-Security-Policy violation reported');
  }
} catch (e) {
  console.error('e2e:', e.message);
} finally {
  server.kill('SIGTERM');
  await new Promise((ok) => (server.exitCode !== null ? ok() : server.on('exit', ok)));
  if (code !== 0) {
    step(`server log kept at ${logPath}`);
  } else {
    rmSync(tmp, { recursive: true, force: true });
  }
}
process.exit(code);
