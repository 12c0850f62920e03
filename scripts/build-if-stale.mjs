// @ts-check
/**
 * `npm test` runs this first (and `npm start` through scripts/start.mjs): on plain node it checks the build
 * stamps and, only when an input changed (or dist/ is missing), builds under the TypeScript loader
 * (scripts/build.ts). For `npm start` a first start builds in parts (scripts/start.mjs); `npm test` builds
 * everything first.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNotice, toolEnv } from './lib/build-output.mjs';
import { APP_STAMP, appIsFresh, deferredBuildHolds, serverIsFresh } from './lib/build-stamps.mjs';

/** @param {string[]} args */
const build = (args) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', ...args], {
    stdio: 'inherit',
    env: toolEnv(process.env, Boolean(process.stdout.isTTY)),
  });

/**
 * Builds what is stale. With firstStart (npm start), a stale app is not built here: the answer says what
 * start.mjs does instead ('generate': scripts/first-start-build.ts, then the server from its sources, which
 * builds the rest; 'sources': the first start's build is under way, the server finishes it).
 * @param {{ firstStart: boolean }} options
 * @returns {'compiled' | 'sources' | 'generate'} how the server runs now
 */
export function buildIfStale({ firstStart }) {
  if (appIsFresh() && serverIsFresh()) {
    console.log('build: up to date');
    return 'compiled';
  }
  if (firstStart && deferredBuildHolds()) {
    console.log('build: the server finishes the last build');
    return serverIsFresh() ? 'compiled' : 'sources';
  }
  if (!appIsFresh()) console.log(buildNotice(!existsSync(APP_STAMP), firstStart));
  if (firstStart && !appIsFresh()) return 'generate';
  build(['--if-stale']);
  return 'compiled';
}

// Run as a script (npm test's pretest, the end-to-end setup), not when start.mjs imports it.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfStale({ firstStart: false });
