/**
 * `npm run check:agent-docs`: afdocs (the Agent-Friendly Documentation Spec's checker) against the built
 * portal with PUBLIC_DOCS=true, as an assistant meets it. Builds if stale, starts the server on a temporary
 * DATA_DIR (scripts/lib/start-server.ts), runs `afdocs check <url> --format json` and fails when any check
 * that applies fails. Checks that cannot pass here are skipped by name, each with its reason (and in
 * docs/development.md). PORT: CHECK_AGENT_DOCS_PORT, default 8390.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { startServer } from './lib/start-server.ts';

interface CheckResult {
  id: string;
  category?: string;
  status: 'pass' | 'warn' | 'fail' | 'skip' | 'error';
  message?: string;
}

/** Checks that cannot pass for this portal, and why (docs/development.md repeats these). */
const NOT_APPLICABLE: Record<string, string> = {
  'rendering-strategy':
    'a logged-out reader gets the app, which renders the page in the browser (the build renders pages for signed-in users only); assistants get the Markdown',
};

const port = Number(process.env.CHECK_AGENT_DOCS_PORT ?? 8390);

execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
const server = await startServer(port, { PUBLIC_DOCS: 'true' });
let failed: CheckResult[] = [];
try {
  const args = ['afdocs', 'check', server.baseUrl, '--format', 'json', '--quiet', '--sampling', 'deterministic', '--network-context', 'ci'];
  const skipped = Object.keys(NOT_APPLICABLE);
  if (skipped.length > 0) args.push('--skip-checks', skipped.join(','));
  // afdocs exits non-zero when a check fails: its report is what decides.
  const run = spawnSync('npx', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] });
  const report = JSON.parse(run.stdout) as { results: CheckResult[] };
  for (const result of report.results) console.log(`${result.status.padEnd(5)} ${result.id}${result.message ? `: ${result.message}` : ''}`);
  for (const [id, reason] of Object.entries(NOT_APPLICABLE)) console.log(`n/a   ${id}: ${reason}`);
  failed = report.results.filter((result) => result.status === 'fail' || result.status === 'error');
} finally {
  await server.stop();
}
if (failed.length > 0) {
  console.error(`afdocs: ${failed.length} check(s) failed: ${failed.map((result) => result.id).join(', ')}`);
  process.exit(1);
}
console.log('afdocs: every check that applies passes');
