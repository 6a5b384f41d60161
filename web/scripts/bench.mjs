// Prints the web budgets of ARCHITECTURE.md §10, each beside a baseline from the same run
// (never fails on them):
//   1. initial JavaScript of the Login route, gzipped (budget 150 kB), beside the bare
//      framework floor (react + react-dom alone, minified and gzipped here and now);
//   2. Lighthouse performance on Login with Debian chromium, desktop (budget 100) and mobile
//      (budget ≥ 90), beside the same audit of an empty page served the same way;
//   3. CORS preflights while Login loads and signs in (budget 0).
// Serves web/dist with gzip like CloudFront does; needs no backend.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const chromium = process.env.SAMRAP_CHROMIUM ?? '/usr/bin/chromium';
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

if (!existsSync(join(dist, '.vite', 'manifest.json'))) {
  console.log('bench: building the web app');
  execFileSync('npm', ['run', 'build'], { cwd: web, stdio: 'inherit' });
}

// ---- 1. bundle -------------------------------------------------------------------------
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gz = new Map();
const gzipOf = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};
/** The chunk files a route loads before it paints: the chunk and its static imports. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    const c = manifest[key];
    if (!c || seen.has(c.file)) continue;
    seen.add(c.file);
    closure(c.imports ?? [], seen);
  }
  return seen;
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const routeJs = (...keys) => {
  const files = [...closure([entryKey, ...keys])].filter((f) => f.endsWith('.js'));
  return files.reduce((n, f) => n + gzipOf(f), 0);
};
const allJs = Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith('.js'));
const login = routeJs('src/features/auth/components/login-page.tsx');
const layout = routeJs('src/app/antd-boundary.tsx', 'src/app/layout/app-layout.tsx', 'src/features/account/components/account-page.tsx');

const esbuild = await import('esbuild');
const floor = await esbuild.build({
  stdin: { contents: "export { createRoot } from 'react-dom/client'; export * from 'react';", resolveDir: web },
  bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent',
  define: { 'process.env.NODE_ENV': '"production"' },
});
const floorGz = gzipSync(floor.outputFiles[0].contents, { level: 9 }).length;

console.log('web bundle (gzipped JavaScript loaded before the screen paints)');
console.log(`  Login route initial JS      ${kb(login).padStart(9)}   budget < 150 kB   baseline react+react-dom alone ${kb(floorGz)}`);
console.log(`  Account screen (first after sign-in, Ant Design) ${kb(layout)}`);
console.log(`  all chunks (every screen, lazily loaded) ${kb(allJs.reduce((n, f) => n + gzipOf(f), 0))} in ${allJs.length} files`);

// ---- static server (gzip, SPA fallback) ---------------------------------------------------
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };
const blank = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="description" content="baseline"><title>baseline</title></head><body><p>baseline</p></body></html>';
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  let body;
  let type = types['.html'];
  if (url.pathname === '/__baseline') body = Buffer.from(blank);
  else if (url.pathname.startsWith('/api/')) {
    res.writeHead(503, { 'Content-Type': 'application/json' });
    res.end('{"code":"INTERNAL","msg":"no backend in the bench","data":null}');
    return;
  } else {
    const file = join(dist, normalize(url.pathname));
    const isFile = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
    body = readFileSync(isFile ? file : join(dist, 'index.html'));
    type = isFile ? types[extname(file)] ?? 'application/octet-stream' : types['.html'];
    if (isFile && url.pathname.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  }
  res.setHeader('Content-Type', type);
  if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    res.setHeader('Content-Encoding', 'gzip');
    body = gzipSync(body);
  }
  res.end(body);
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}`;
const flags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'];

try {
  // ---- 2. Lighthouse ---------------------------------------------------------------------
  let lighthouse, chromeLauncher, desktopConfig;
  try {
    lighthouse = (await import('lighthouse')).default;
    chromeLauncher = await import('chrome-launcher');
    desktopConfig = (await import('lighthouse/core/config/desktop-config.js')).default;
  } catch (e) {
    console.log(`lighthouse: not available (${e.message.split('\n')[0]})`);
  }
  if (lighthouse && existsSync(chromium)) {
    const chrome = await chromeLauncher.launch({ chromePath: chromium, chromeFlags: flags, logLevel: 'silent' });
    try {
      const score = async (url, config) => {
        const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'silent', onlyCategories: ['performance'] }, config);
        const a = r.lhr.audits;
        return {
          score: Math.round((r.lhr.categories.performance.score ?? 0) * 100),
          detail: `FCP ${a['first-contentful-paint'].displayValue}, LCP ${a['largest-contentful-paint'].displayValue}, TBT ${a['total-blocking-time'].displayValue}, CLS ${a['cumulative-layout-shift'].displayValue}`,
        };
      };
      console.log('lighthouse performance (Debian chromium, simulated throttling)');
      for (const [name, config, budget] of [['desktop', desktopConfig, '= 100'], ['mobile', undefined, '≥ 90']]) {
        const login = await score(`${base}/login`, config);
        const baseline = await score(`${base}/__baseline`, config);
        console.log(`  Login ${name.padEnd(8)} ${String(login.score).padStart(3)}   budget ${budget}   baseline empty page ${baseline.score}   (${login.detail})`);
      }
    } finally {
      await chrome.kill();
    }
  } else if (lighthouse) {
    console.log(`lighthouse: skipped, ${chromium} is missing`);
  }

  // ---- 3. CORS preflights ------------------------------------------------------------------
  const { chromium: pw } = await import('playwright-core');
  const browser = await pw.launch({ executablePath: chromium, args: flags.slice(1) });
  try {
    const page = await browser.newPage();
    let preflights = 0;
    let crossOrigin = 0;
    let api = 0;
    page.on('request', (r) => {
      if (r.method() === 'OPTIONS') preflights += 1;
      if (!r.url().startsWith(base) && !r.url().startsWith('data:')) crossOrigin += 1;
      if (r.url().includes('/api/')) api += 1;
    });
    await page.goto(`${base}/login`);
    await page.locator('input[name=email]').fill('controller@samrap.local');
    await page.locator('input[name=password]').fill('Samrap#2026');
    const signIn = page.waitForRequest((r) => r.url().includes('/api/auth/accessToken'));
    await page.locator('form[name=login] button[type=submit]').click();
    await signIn;
    await page.waitForTimeout(500);
    console.log(`CORS preflights during Login and sign-in: ${preflights}   budget 0   (API calls ${api}, requests to other origins ${crossOrigin})`);
  } finally {
    await browser.close();
  }
} finally {
  server.close();
}
