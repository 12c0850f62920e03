/**
 * The first part of `npm start`'s first start, run in the server's own process by scripts/start.mjs (one
 * TypeScript loader, one node start): generate from the spec, without what the login page does not need
 * (the lint, api.d.ts), and stamp it. The server builds the app next, then the rest (src/server/deferred-build.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { generate } from './generate/index.ts';
import { APP_STAMP, DEFERRED_STAMP, WEB_STAMP, appInputsHash } from './lib/build-stamps.mjs';

/** Every stamp a build writes: a new build starts from none. */
export function clearBuildStamps(): void {
  for (const stamp of [APP_STAMP, DEFERRED_STAMP, WEB_STAMP]) rmSync(stamp, { force: true });
}

export async function buildForFirstStart(): Promise<void> {
  const hash = appInputsHash();
  mkdirSync('dist', { recursive: true });
  clearBuildStamps();
  await generate({ forFirstStart: true, log: (line) => console.log(line) });
  writeFileSync(DEFERRED_STAMP, hash);
}
