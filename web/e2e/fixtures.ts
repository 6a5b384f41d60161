// The `test` every spec uses: Playwright's, with each worker sent to its own server.
// e2e/run.mjs starts one server (and database) per worker and lists them in
// SAMRAP_E2E_BASE_URLS; a worker's parallelIndex picks its server, so a test file runs whole
// against one database and never sees another worker's changes.
import { test as base } from '@playwright/test';

export * from '@playwright/test';

const servers = (process.env.SAMRAP_E2E_BASE_URLS ?? '').split(',').filter(Boolean);

export const test = base.extend({
  baseURL: async ({ baseURL }, use, testInfo) => {
    await use(servers.length > 0 ? servers[testInfo.parallelIndex % servers.length] : baseURL);
  },
});
