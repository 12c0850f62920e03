import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/lib/chromium.ts';

/**
 * End-to-end tests drive Chromium (scripts/lib/chromium.ts: CHROMIUM_PATH, else Debian's, else Playwright's own)
 * against the real server (built app + API + PGlite in a fresh temporary DATA_DIR), one per worker, started by
 * tests/e2e/support/global-setup.ts; each test's baseURL is its worker's server (tests/e2e/support/fixtures.ts).
 */

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two files at a time, each worker on its own server: a browser keeps one core busy, not two.
  workers: 2,
  retries: 0,
  // A busy 2-core machine runs these 3-4x slower than an idle one, and the longest tests take 15 s idle.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    launchOptions: {
      executablePath: chromiumPath(),
      args: [...CHROMIUM_ARGS],
    },
    trace: 'off',
    screenshot: 'off',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
