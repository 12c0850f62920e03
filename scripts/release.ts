/**
 * `npm run release -- 1.1.0 [--date YYYY-MM-DD]`: sets `info.version` in openapi/openapi.yaml and keeps the
 * bundled public spec as openapi/releases/1.1.0.json, dated (default: today, UTC). The changelog page and
 * the breaking-change gate are computed from these files. Refuses a version that is not newer than the last
 * release, and breaking changes without a new major version (the same gate `npm test` runs).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleSpecs } from './generate/bundle.ts';
import { breakingChangeProblems } from './releases/gate.ts';
import { compareVersions, loadReleases, parseVersion, releasesDir } from './releases/releases.ts';

const ROOT_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Rewrites the `version:` line of the root document's `info` block, keeping everything else as written. */
export function withInfoVersion(rootYaml: string, version: string): string {
  const next = rootYaml.replace(/^(info:\n(?:[ \t]+.*\n|\n)*?[ \t]+version:[ \t]*).*$/m, `$1${version}`);
  if (next === rootYaml && !new RegExp(`^[ \\t]+version:[ \\t]*${version.replaceAll('.', '\\.')}$`, 'm').test(rootYaml)) {
    throw new Error('openapi/openapi.yaml: no info.version line found');
  }
  return next;
}

export async function release(rootDir: string, version: string, date = new Date().toISOString().slice(0, 10)): Promise<string> {
  parseVersion(version);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`--date must be YYYY-MM-DD, got "${date}"`);
  const releases = await loadReleases(rootDir);
  const last = releases.at(-1);
  if (last && compareVersions(version, last.version) <= 0) throw new Error(`${version} is not newer than the last release ${last.version}`);
  const file = join(releasesDir(rootDir), `${version}.json`);
  if (existsSync(file)) throw new Error(`${file} exists already`);

  const rootFile = join(rootDir, 'openapi', 'openapi.yaml');
  const original = await readFile(rootFile, 'utf8');
  await writeFile(rootFile, withInfoVersion(original, version));
  try {
    const { publicSpec } = await bundleSpecs(rootDir);
    const problems = breakingChangeProblems(publicSpec, releases);
    if (problems) throw new Error(problems);
    const kept = { ...publicSpec, info: { ...publicSpec.info, 'x-released-at': date } };
    await mkdir(releasesDir(rootDir), { recursive: true });
    await writeFile(file, `${JSON.stringify(kept, null, 2)}\n`);
    return file;
  } catch (error) {
    await writeFile(rootFile, original);
    throw error;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dateAt = args.indexOf('--date');
  const date = dateAt === -1 ? undefined : args[dateAt + 1];
  const version = args.find((arg, index) => !arg.startsWith('--') && !(dateAt !== -1 && index === dateAt + 1));
  if (!version) {
    console.error('usage: npm run release -- MAJOR.MINOR.PATCH [--date YYYY-MM-DD]');
    process.exitCode = 1;
  } else {
    release(ROOT_DIR, version, date)
      .then((file) => console.log(`release ${version}: ${file} (run \`npm run generate\` to refresh the changelog)`))
      .catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exitCode = 1;
      });
  }
}
