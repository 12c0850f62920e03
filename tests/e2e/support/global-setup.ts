/**
 * Playwright global setup: build if stale, then start the real server (built app + API + PGlite in a
 * fresh temporary DATA_DIR) on E2E_PORT (default 8181, as in playwright.config.ts). Returns the teardown.
 */
import { execFileSync } from 'node:child_process';
import { startServer } from '../../../scripts/lib/start-server';
import { makeReportingKey } from './leak-report';

export default async function globalSetup(): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  const port = Number(process.env.E2E_PORT ?? 8181);
  // A generous rate limit: the suite logs in many times from one address. Leak reports are signed with a
  // key made for this run.
  const server = await startServer(port, { RATE_LIMIT_PER_MINUTE: '100000', SECRET_SCANNING_KEYS_FILE: makeReportingKey() });
  return server.stop;
}
