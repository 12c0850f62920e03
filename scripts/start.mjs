// @ts-check
/**
 * `npm start`: builds what is stale (scripts/build-if-stale.mjs), then runs the server in this same process,
 * so a restart pays for one node start, not two. The compiled server (dist/node) when it is up to date.
 * On a first start, the spec's generation (scripts/first-start-build.ts) and then the server's sources run
 * here under the TypeScript loader; the server builds the app before it listens and the rest after,
 * compiling itself for the next start (src/server/deferred-build.ts).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { SERVER_ENTRY } from './lib/build-stamps.mjs';

const run = buildIfStale({ firstStart: true });
if (run === 'compiled') {
  await import(pathToFileURL(resolve(SERVER_ENTRY)).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  if (run === 'generate') {
    const { buildForFirstStart } = await import('./first-start-build.ts');
    await buildForFirstStart();
  }
  await import(pathToFileURL(resolve('src/server/main.ts')).href);
}
