/**
 * The build writes compressed copies beside the app's files (scripts/lib/precompress.ts) and the server
 * reads them back (src/server/io/compressed-copies.ts): only for files worth compressing, never inside a
 * skipped folder, and never when a copy is older than its file.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { precompress } from '../../../scripts/lib/precompress.ts';
import { readCompressedCopies } from '../../../src/server/io/compressed-copies.ts';

let dir: string;
const script = `export const rows = [${Array.from({ length: 300 }, (_, i) => `"row ${i}"`).join(', ')}];\n`;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '_prerendered'));
  writeFileSync(join(dir, 'assets', 'app.js'), script);
  writeFileSync(join(dir, 'assets', 'tiny.js'), 'export {};\n');
  writeFileSync(join(dir, 'assets', 'logo.png'), Buffer.alloc(4096, 1));
  writeFileSync(join(dir, '_prerendered', 'page.html'), `<p>${script}</p>`);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('writes brotli and gzip copies of each compressible file, and reads them back', async () => {
  expect(await precompress(dir, new Set(['_prerendered']))).toBe(1);
  const file = join(dir, 'assets', 'app.js');
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
  expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
  expect(readFileSync(`${file}.br`).length).toBeLessThan(script.length / 3);
  expect(readCompressedCopies(file)?.br.equals(readFileSync(`${file}.br`))).toBe(true);
  // Too small to gain, not text, or in the skipped folder: no copies.
  for (const path of ['assets/tiny.js', 'assets/logo.png', '_prerendered/page.html']) expect(existsSync(join(dir, `${path}.br`)), path).toBe(false);
});

it('reads no copies when one is missing or older than its file', async () => {
  await precompress(dir);
  const file = join(dir, 'assets', 'app.js');
  const before = new Date(Date.now() - 60_000);
  utimesSync(`${file}.gz`, before, before);
  expect(readCompressedCopies(file)).toBeUndefined();
  await precompress(dir);
  expect(readCompressedCopies(file)).toBeDefined();
  rmSync(`${file}.br`);
  expect(readCompressedCopies(file)).toBeUndefined();
});
