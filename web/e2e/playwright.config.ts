import { defineConfig } from '@playwright/test';

// Debian's chromium is the whole browser, which keeps two pages of its own open beside each
// test's page: the address bar's suggestion pop-ups (chrome://omnibox-popup.top-chrome), about a
// second of CPU per test on this 2-core machine. A flag given twice keeps only its last value, so
// this one repeats the features Playwright turns off (its chromiumSwitches, playwright-core
// 1.64) and adds the two pop-ups.
const DISABLED_FEATURES =
  '--disable-features=' +
  [
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'TcpPortRandomizationWin',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
    'WebUIOmniboxPopup',
    'WebUIOmniboxAimPopup',
  ].join(',');

// Started by e2e/run.mjs, which serves the built app with functions/local and passes its URL.
const baseURL = process.env.SAMRAP_E2E_BASE_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  // e2e/run.mjs passes --workers: one per server and database it started (fixtures.ts)
  workers: 1,
  retries: 0,
  // generous: CI machines have 2 cores shared with the Go tests. A test's screen is the first
  // start of the app in its browser context (openAs), which compiles every script: on a busy
  // machine a full order list took more than 10 s from its load to its first row.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // e2e/run.mjs also asks for a JSON report, from which it prints a short list of the failures
  // last (CI keeps only the end of what a run printed)
  reporter: process.env.SAMRAP_E2E_JSON ? [['list'], ['json', { outputFile: process.env.SAMRAP_E2E_JSON }]] : [['list']],
  use: {
    baseURL,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    viewport: { width: 1280, height: 800 },
    // The app turns Ant Design's animations off for reduced motion: a click never lands on a
    // dialog button that is still zooming in (a flake seen under load).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      // Debian's chromium-headless-shell (e2e/run.mjs picks it); Playwright never downloads a browser here.
      executablePath: process.env.SAMRAP_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
        DISABLED_FEATURES,
      ],
    },
  },
});
