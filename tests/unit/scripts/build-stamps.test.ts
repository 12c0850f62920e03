/** What the first start still owes, as the server reads it from the stamps the build writes. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_STAMP, DEFERRED_STAMP, WEB_STAMP } from '../../../scripts/lib/build-stamps.mjs';
import { BUILD_STAMP_FILES, owedBuildParts } from '../../../src/server/deferred-build.ts';

it('names the same stamp files on both sides (the build writes them, the server reads them)', () => {
  expect(BUILD_STAMP_FILES).toEqual({ deferred: DEFERRED_STAMP, web: WEB_STAMP, complete: APP_STAMP });
});

describe('owedBuildParts', () => {
  let root: string;
  const dirs = () => ({ webDir: join(root, 'dist/web'), exportDir: join(root, 'dist/export') });
  const stamp = (file: string, hash: string) => writeFileSync(join(root, file), hash);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'build-stamps-'));
    mkdirSync(join(root, 'dist'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('owes nothing to a tree built by `npm run build` (no deferred stamp)', () => {
    stamp(APP_STAMP, 'h1');
    expect(owedBuildParts(root, dirs())).toEqual([]);
  });

  it('owes the app, then the rest, of the build the first part was done for', () => {
    stamp(DEFERRED_STAMP, 'h2');
    stamp(APP_STAMP, 'h1');
    expect(owedBuildParts(root, dirs())).toEqual(['web', 'rest']);
    stamp(WEB_STAMP, 'h2');
    expect(owedBuildParts(root, dirs())).toEqual(['rest']);
    stamp(APP_STAMP, 'h2');
    expect(owedBuildParts(root, dirs())).toEqual([]);
  });

  it('builds nothing for a server that serves other directories (WEB_DIR, EXPORT_DIR)', () => {
    stamp(DEFERRED_STAMP, 'h2');
    expect(owedBuildParts(root, { webDir: join(root, 'elsewhere'), exportDir: join(root, 'dist/export') })).toEqual([]);
    expect(owedBuildParts(root, { webDir: join(root, 'dist/web'), exportDir: join(root, 'other') })).toEqual([]);
  });
});
