/**
 * `npm run build`: generate from the spec, export it, and build the app into dist/.
 * With `--if-stale` (used by `npm test`) it does nothing when the inputs have not changed since the last
 * build: a hash of every input file and of BRAND is kept in dist/.build-stamp (scripts/lib/build-stamps.mjs;
 * `npm start` and `npm test` check it on plain node first, scripts/build-if-stale.mjs).
 *
 * `npm start` builds in parts, so a fresh clone answers its login page sooner (src/server/deferred-build.ts):
 *   --first-start  generate and the compiled server, before the server starts
 *   --web          the app (vite build), run by the server while it opens the database
 *   --rest         the export, the prerendered pages and the compressed copies, run by the server after it listens
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { PRERENDERED_DIR } from '../src/shared/portal-data/prerendered-pages.ts';
import { buildServer } from './build-server.ts';
import { toolEnv } from './lib/build-output.mjs';
import { APP_STAMP, DEFERRED_STAMP, WEB_STAMP, appInputsHash, appIsFresh, deferredBuildHash } from './lib/build-stamps.mjs';
import { precompress } from './lib/precompress.ts';

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: 'inherit', env: toolEnv(process.env, Boolean(process.stdout.isTTY)) });
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const generate = () => run('npx', ['tsx', 'scripts/generate/index.ts']);
const buildWeb = () => run('npx', ['vite', 'build', '--logLevel', 'warn']);

async function buildRest(): Promise<void> {
  run('npx', ['tsx', 'scripts/export.ts']);
  // The documentation pages as HTML, rendered from the app's components (after the app: it needs index.html).
  run('npx', ['tsx', 'scripts/prerender/index.ts']);
  // Last: the copies must be newer than every file they stand for (the server ignores older ones).
  const compressing = performance.now();
  const compressed = await precompress('dist/web', new Set([PRERENDERED_DIR]));
  console.log(`build: ${compressed} files compressed (brotli, gzip) in ${seconds(compressing)}`);
}

function clearStamps(): void {
  for (const stamp of [APP_STAMP, DEFERRED_STAMP, WEB_STAMP]) rmSync(stamp, { force: true });
}

const part = ['--first-start', '--web', '--rest'].find((flag) => process.argv.includes(flag));
const started = performance.now();
mkdirSync('dist', { recursive: true });

if (part === '--web') {
  buildWeb();
  writeFileSync(WEB_STAMP, deferredBuildHash());
  console.log(`build: app built in ${seconds(started)}`);
} else if (part === '--rest') {
  await buildRest();
  writeFileSync(APP_STAMP, deferredBuildHash());
  console.log(`build: downloads, prerendered pages and compressed copies done in ${seconds(started)}`);
} else if (part === '--first-start') {
  const hash = appInputsHash();
  clearStamps();
  generate();
  writeFileSync(DEFERRED_STAMP, hash);
  await buildServer();
} else if (process.argv.includes('--if-stale') && appIsFresh()) {
  console.log('build: up to date');
  await buildServer();
} else {
  const hash = appInputsHash();
  clearStamps();
  generate();
  buildWeb();
  await buildRest();
  writeFileSync(APP_STAMP, hash);
  console.log(`build: done in ${seconds(started)}`);
  // The server for `npm start`, compiled to plain JavaScript (its own staleness check).
  await buildServer();
}
