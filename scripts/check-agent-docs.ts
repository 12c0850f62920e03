/**
 * `npm run check:agent-docs`: afdocs (the Agent-Friendly Documentation Spec's checker) against the built
 * portal with PUBLIC_DOCS=true, as an assistant meets it. Builds if stale, starts the server on a temporary
 * DATA_DIR (scripts/lib/start-server.ts), runs `afdocs check <url> --format json` and fails when any check
 * fails: none is skipped. PORT: CHECK_AGENT_DOCS_PORT, default 8390.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { startServer } from './lib/start-server.ts';

interface CheckResult {
  id: string;
  category?: string;
  status: 'pass' | 'warn' | 'fail' | 'skip' | 'error';
  message?: string;
}

const port = Number(process.env.CHECK_AGENT_DOCS_PORT ?? 8390);

execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
const server = await startServer(port, { PUBLIC_DOCS: 'true' });
let failed: CheckResult[] = [];
try {
  const args = ['afdocs', 'check', server.baseUrl, '--format', 'json', '--quiet', '--sampling', 'deterministic', '--network-context', 'ci'];
  // afdocs exits non-zero when a check fails: its report is what decides.
  const run = spawnSync('npx', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] });
  const report = JSON.parse(run.stdout) as { results: CheckResult[] };
  for (const result of report.results) console.log(`${result.status.padEnd(5)} ${result.id}${result.message ? `: ${result.message}` : ''}`);
  failed = report.results.filter((result) => result.status === 'fail' || result.status === 'error');
} finally {
  await server.stop();
}
if (failed.length > 0) {
  console.error(`afdocs: ${failed.length} check(s) failed: ${failed.map((result) => result.id).join(', ')}`);
  process.exit(1);
}
console.log('afdocs: every check passes');
