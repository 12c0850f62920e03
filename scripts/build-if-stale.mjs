// @ts-check
/**
 * `npm start` and `npm test` run this first: on plain node it checks the build stamps and, only when an
 * input changed (or dist/ is missing), builds under the TypeScript loader (scripts/build.ts).
 * `--first-start` (npm start) builds only what the server needs to start; the server builds the app and
 * then the rest itself (src/server/deferred-build.ts). Without it (npm test) everything is built first.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildNotice, toolEnv } from './lib/build-output.mjs';
import { APP_STAMP, appIsFresh, deferredBuildHolds, serverIsFresh } from './lib/build-stamps.mjs';

const firstStart = process.argv.includes('--first-start');
/** @param {string[]} args */
const build = (args) =>
  execFileSync('npx', ['tsx', 'scripts/build.ts', ...args], { stdio: 'inherit', env: toolEnv(process.env, Boolean(process.stdout.isTTY)) });

if (appIsFresh() && serverIsFresh()) {
  console.log('build: up to date');
} else if (firstStart && deferredBuildHolds() && serverIsFresh()) {
  console.log('build: the server finishes the last build');
} else {
  if (!appIsFresh()) console.log(buildNotice(!existsSync(APP_STAMP), firstStart));
  build(firstStart && !appIsFresh() ? ['--first-start'] : ['--if-stale']);
}
