// @ts-check
/**
 * The app alone (`vite build` through vite's API). `npm run build` runs it as one step; the first start's
 * server runs it with `--stamp` before it listens (src/server/deferred-build.ts), and the stamp says the app
 * is built for the inputs the first start generated from. Plain JavaScript: no TypeScript loader to start.
 */
import { writeFileSync } from 'node:fs';
import { build } from 'vite';
import { WEB_STAMP, deferredBuildHash } from './lib/build-stamps.mjs';

const started = performance.now();
await build({ logLevel: 'warn' });
if (process.argv.includes('--stamp')) {
  writeFileSync(WEB_STAMP, deferredBuildHash());
  console.log(`build: app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
