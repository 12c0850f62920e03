/**
 * What only the benchmark needs (Swagger UI, Redoc, Scalar, Prism, autocannon) is bench/package.json's,
 * so a root `npm ci` neither downloads it nor prints its engine warnings. `npm run bench` installs it
 * into bench/node_modules on first use, and again whenever bench/package-lock.json is newer.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchModules, root } from './options.ts';

export function installBenchPackages(log: (line: string) => void): void {
  const lock = resolve(root, 'bench/package-lock.json');
  // npm ci writes this copy of the lockfile last, so it exists only after a complete install.
  const installed = resolve(benchModules, '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  log('bench: installing bench/package.json (npm ci --prefix bench)');
  execFileSync('npm', ['ci', '--prefix', resolve(root, 'bench'), '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}
