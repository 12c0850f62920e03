/**
 * `npm run build`: generate from the spec, export it, and build the app into dist/.
 * With `--if-stale` (used by `npm start` and `npm test`) it does nothing when the inputs have not
 * changed since the last build: a hash of every input file and of BRAND is kept in dist/.build-stamp
 * (scripts/lib/build-stamps.mjs; `npm start` checks it on plain node first, scripts/build-if-stale.mjs).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { PRERENDERED_DIR } from '../src/shared/portal-data/prerendered-pages.ts';
import { buildServer } from './build-server.ts';
import { toolEnv } from './lib/build-output.mjs';
import { APP_STAMP, appInputsHash, appIsFresh } from './lib/build-stamps.mjs';
import { precompress } from './lib/precompress.ts';

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: 'inherit', env: toolEnv(process.env, Boolean(process.stdout.isTTY)) });
}

const ifStale = process.argv.includes('--if-stale');

if (ifStale && appIsFresh()) {
  console.log('build: up to date');
} else {
  const started = performance.now();
  const hash = appInputsHash();
  run('npx', ['tsx', 'scripts/generate/index.ts']);
  run('npx', ['tsx', 'scripts/export.ts']);
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
  // The documentation pages as HTML, rendered from the app's components (after the app: it needs index.html).
  run('npx', ['tsx', 'scripts/prerender/index.ts']);
  // Last: the copies must be newer than every file they stand for (the server ignores older ones).
  const compressing = performance.now();
  const compressed = await precompress('dist/web', new Set([PRERENDERED_DIR]));
  console.log(`build: ${compressed} files compressed (brotli, gzip) in ${((performance.now() - compressing) / 1000).toFixed(1)} s`);
  mkdirSync('dist', { recursive: true });
  writeFileSync(APP_STAMP, hash);
  console.log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
// The server for `npm start`, compiled to plain JavaScript (its own staleness check).
await buildServer();
