/**
 * Playwright global setup: build if stale, then start the real server (built app + API + PGlite in a
 * fresh temporary DATA_DIR) once per worker, on suiteServerPort(0..workers-1) (suite-servers.ts).
 * Returns the teardown.
 */
import { execFileSync } from 'node:child_process';
import type { FullConfig } from '@playwright/test';
import { startServer } from '../../../scripts/lib/start-server';
import { makeReportingKey } from './leak-report';
import { suiteServerPort } from './suite-servers';

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  // A generous rate limit: the suite logs in many times from one address. Leak reports are signed with a
  // key made for this run.
  const env = {
    RATE_LIMIT_PER_MINUTE: '100000',
    SECRET_SCANNING_KEYS_FILE: makeReportingKey(),
    // The webhooks test's receiver listens on 127.0.0.1, an address deliveries are otherwise refused.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  };
  const started = await Promise.allSettled(Array.from({ length: config.workers }, (_, index) => startServer(suiteServerPort(index), env)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => void (await Promise.all(servers.map((server) => server.stop())));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed !== undefined) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}
