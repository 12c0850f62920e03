/**
 * `npm run build`: generate from the spec, export it, and build the app into dist/.
 * With `--if-stale` (used by `npm test`) it does nothing when the inputs have not changed since the last
 * build: a hash of every input file and of BRAND is kept in dist/.build-stamp (scripts/lib/build-stamps.mjs;
 * `npm start` and `npm test` check it on plain node first, scripts/build-if-stale.mjs).
 *
 * `npm start` builds in parts, so a fresh clone answers its login page sooner (src/server/deferred-build.ts):
 *   first    generate without the spec's lint and api.d.ts (scripts/first-start-build.ts, in the server's own
 *            process, which then runs from its sources under tsx)
 *   app      scripts/build-web.mjs, run by the server before it listens
 *   --rest   the compiled server, api.d.ts, the export, the prerendered pages and the compressed copies, run
 *            by the server after it listens
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { PRERENDERED_DIR } from '../src/shared/portal-data/prerendered-pages.ts';
import { buildServer } from './build-server.ts';
import { toolEnv } from './lib/build-output.mjs';
import { APP_STAMP, appInputsHash, appIsFresh, deferredBuildHash } from './lib/build-stamps.mjs';
import { clearBuildStamps } from './first-start-build.ts';
import { generate, writeTypes } from './generate/index.ts';
import { precompress } from './lib/precompress.ts';

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: 'inherit', env: toolEnv(process.env, Boolean(process.stdout.isTTY)) });
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const buildWeb = () => run(process.execPath, ['scripts/build-web.mjs']);

/** A script of ours in a child process, under the TypeScript loader (without npx's own start-up). */
const runScript = (script: string) => run(process.execPath, ['--import', 'tsx', script]);

async function buildRest(): Promise<void> {
  runScript('scripts/export.ts');
  // The documentation pages as HTML, rendered from the app's components (after the app: it needs index.html).
  runScript('scripts/prerender/index.ts');
  // Last: the copies must be newer than every file they stand for (the server ignores older ones).
  const compressing = performance.now();
  const compressed = await precompress('dist/web', new Set([PRERENDERED_DIR]));
  console.log(`build: ${compressed} files compressed (brotli, gzip) in ${seconds(compressing)}`);
}

const started = performance.now();
mkdirSync('dist', { recursive: true });

if (process.argv.includes('--rest')) {
  // First what the first start left out: the next start runs the compiled server, whatever happens to the rest.
  await buildServer();
  await writeTypes();
  await buildRest();
  writeFileSync(APP_STAMP, deferredBuildHash());
  console.log(`build: downloads, prerendered pages and compressed copies done in ${seconds(started)}`);
} else if (process.argv.includes('--if-stale') && appIsFresh()) {
  console.log('build: up to date');
  await buildServer();
} else {
  const hash = appInputsHash();
  clearBuildStamps();
  await generate({ log: (line) => console.log(line) });
  buildWeb();
  await buildRest();
  writeFileSync(APP_STAMP, hash);
  console.log(`build: done in ${seconds(started)}`);
  // The server for `npm start`, compiled to plain JavaScript (its own staleness check).
  await buildServer();
}
