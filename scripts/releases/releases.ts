/**
 * The kept releases: openapi/releases/<version>.json, each the bundled public spec (brand placeholders
 * left in, as in openapi/) of that version, with its release date in `info.x-released-at`.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';

export interface Release {
  version: string;
  date: string;
  spec: OpenApiDocument;
}

export type Version = [number, number, number];

export function parseVersion(text: unknown): Version {
  const match = typeof text === 'string' ? /^(\d+)\.(\d+)\.(\d+)$/.exec(text) : null;
  if (!match) throw new Error(`"${String(text)}" is not a version of the form MAJOR.MINOR.PATCH`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  for (let i = 0; i < 3; i += 1) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

export const releasesDir = (rootDir: string) => join(rootDir, 'openapi', 'releases');

/** Every kept release, oldest first. */
export async function loadReleases(rootDir: string): Promise<Release[]> {
  const dir = releasesDir(rootDir);
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((name) => /^\d+\.\d+\.\d+\.json$/.test(name));
  const releases = await Promise.all(
    files.map(async (name): Promise<Release> => {
      const spec = JSON.parse(await readFile(join(dir, name), 'utf8')) as OpenApiDocument;
      const version = name.slice(0, -'.json'.length);
      const info = spec.info ?? {};
      if (info.version !== version) throw new Error(`openapi/releases/${name}: info.version is ${String(info.version)}, expected ${version}`);
      const date = info['x-released-at'];
      if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date))
        throw new Error(`openapi/releases/${name}: info.x-released-at must be a date (YYYY-MM-DD)`);
      return { version, date, spec };
    }),
  );
  return releases.sort((a, b) => compareVersions(a.version, b.version));
}

/** Without the release's own metadata, so a release compares equal to the spec it was made from. */
export function withoutReleaseMetadata(spec: OpenApiDocument): OpenApiDocument {
  const { 'x-released-at': _date, ...info } = spec.info ?? {};
  return { ...spec, info };
}
