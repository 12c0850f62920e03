/**
 * `npm ci` prints no warning that docs/development.md#installing does not explain: no peer-dependency
 * conflict at all (package.json's overrides settle Swagger UI's React 18 peers), and each engine warning
 * names a package the Installing section explains. Runs npm's own resolver on a copy of the manifest and
 * lock (`npm ci --dry-run --offline`: the lock alone, no download, a few seconds).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
let dir: string;
let output: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'install-warnings-'));
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(root, file), join(dir, file));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['ci', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'];
  // An empty cache of its own: a settled tree needs only the lock, while a peer conflict makes npm look for
  // another React in the registry, which fails offline (ENOTCACHED) after printing the warnings.
  const env = { ...process.env, npm_config_cache: join(dir, 'cache'), npm_config_loglevel: 'warn' };
  const result = await promisify(execFile)(npm, args, { cwd: dir, env }).catch((error: unknown) => {
    const failed = error as { stdout?: string; stderr?: string };
    return { stdout: failed.stdout ?? '', stderr: failed.stderr ?? String(error) };
  });
  output = `${result.stdout}\n${result.stderr}`;
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function installingSection(): string {
  const doc = readFileSync(join(root, 'docs/development.md'), 'utf8');
  const start = doc.indexOf('## Installing');
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end === -1 ? undefined : end);
}

describe('npm ci', () => {
  it('reports no peer-dependency conflict', () => {
    expect(output).not.toMatch(/ERESOLVE/);
    expect(output).not.toMatch(/Could not resolve dependency/);
    expect(output).not.toMatch(/npm error/);
  });

  it('warns only about engines the Installing section explains, each by name and version', () => {
    const section = installingSection();
    const warned = [...output.matchAll(/EBADENGINE\s+package: '([^']+)'/g)].map((match) => match[1] ?? '');
    for (const pkg of warned) expect(section, `${pkg} is not explained`).toContain(`\`${pkg}\``);
    const otherWarnings = output.split('\n').filter((line) => line.startsWith('npm warn') && !line.startsWith('npm warn EBADENGINE'));
    expect(otherWarnings).toEqual([]);
  });
});
