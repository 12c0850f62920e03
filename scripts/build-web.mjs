// @ts-check
/**
 * The app alone (`vite build` through vite's API). `npm run build` runs it as one step; the first start runs
 * it with `--stamp` (src/server/deferred-build.ts), and the stamp says the app is built for the inputs the
 * first start generated from. Plain JavaScript: no TypeScript loader to start.
 *
 * With `--after-generate` it begins while the first start still generates src/generated from the spec, and
 * reads what comes from there once the parent process sends 'generated' (lib/wait-for-generated.mjs).
 */
import { writeFileSync } from 'node:fs';
import { build } from 'vite';
import { WEB_STAMP, deferredBuildHash } from './lib/build-stamps.mjs';
import { waitForGenerated } from './lib/wait-for-generated.mjs';

/** Resolves on the parent's 'generated' message; the build stops if the parent goes away first. */
function generatedByParent() {
  return new Promise((resolve) => {
    const stop = () => {
      console.error('build: the first start stopped before the spec was generated');
      process.exit(1);
    };
    process.once('disconnect', stop);
    process.once('message', (message) => {
      if (message !== 'generated') return stop();
      process.off('disconnect', stop);
      // An open channel would keep this process alive after the build.
      process.disconnect();
      resolve(undefined);
    });
  });
}

const started = performance.now();
const afterGenerate = process.argv.includes('--after-generate');
await build({ logLevel: 'warn', plugins: afterGenerate ? [waitForGenerated(generatedByParent())] : [] });
if (process.argv.includes('--stamp')) {
  writeFileSync(WEB_STAMP, deferredBuildHash());
  console.log(`build: app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
