/**
 * `npm run build`: generate from the spec, export it, and build the app into dist/.
 * With `--if-stale` (used by `npm start` and `npm test`) it does nothing when the inputs have not
 * changed since the last build: a hash of every input file and of BRAND is kept in dist/.build-stamp.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from './build-server.ts';

const INPUTS = ['openapi', 'redocly.yaml', 'scripts/generate', 'scripts/export.ts', 'scripts/export', 'scripts/releases', 'scripts/prerender', 'src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];
const STAMP = 'dist/.build-stamp';
/** Outputs that must exist for a build to count as fresh (src/generated is not committed, so a fresh clone lacks it). */
const OUTPUTS = ['dist/web/index.html', 'dist/web/_prerendered', 'dist/export/openapi.json', 'src/generated/openapi.portal.json'];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path).sort().flatMap((name) => filesUnder(join(path, name)));
}

function inputsHash(): string {
  const hash = createHash('sha256');
  hash.update(`BRAND=${process.env.BRAND ?? ''}\n`);
  for (const file of INPUTS.flatMap(filesUnder)) {
    hash.update(file);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: 'inherit' });
}

const ifStale = process.argv.includes('--if-stale');
const hash = inputsHash();
const fresh = existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash && OUTPUTS.every((file) => existsSync(file));

if (ifStale && fresh) {
  console.log('build: up to date');
} else {
  const started = performance.now();
  run('npx', ['tsx', 'scripts/generate/index.ts']);
  run('npx', ['tsx', 'scripts/export.ts']);
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
  // The documentation pages as HTML, rendered from the app's components (after the app: it needs index.html).
  run('npx', ['tsx', 'scripts/prerender/index.ts']);
  mkdirSync('dist', { recursive: true });
  writeFileSync(STAMP, hash);
  console.log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
// The server for `npm start`, compiled to plain JavaScript (its own staleness check).
buildServer();
