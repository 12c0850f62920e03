// @ts-check
/**
 * `npm start` and `npm test` run this first: on plain node it checks the build stamps and, only when an
 * input changed (or dist/ is missing), runs the whole build (scripts/build.ts) under the TypeScript loader.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildNotice, toolEnv } from './lib/build-output.mjs';
import { APP_STAMP, appIsFresh, serverIsFresh } from './lib/build-stamps.mjs';

if (appIsFresh() && serverIsFresh()) {
  console.log('build: up to date');
} else {
  if (!appIsFresh()) console.log(buildNotice(!existsSync(APP_STAMP)));
  execFileSync('npx', ['tsx', 'scripts/build.ts', '--if-stale'], { stdio: 'inherit', env: toolEnv(process.env, Boolean(process.stdout.isTTY)) });
}
