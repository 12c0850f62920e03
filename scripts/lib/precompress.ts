/**
 * Writes the compressed copies the server sends (`<file>.br`, `<file>.gz`) beside each compressible file
 * of a built directory, so a server that has just started compresses nothing. Runs last in the build:
 * a file written after it would have copies older than itself, which the server ignores.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { COPY_EXTENSIONS, compressCopies, isCompressible } from '../../src/server/io/compressed-copies.ts';
import { filesUnder } from '../../src/server/io/files-under.ts';

/** Compresses in parallel on zlib's thread pool; returns how many files got copies. */
export async function precompress(dir: string, skip: ReadonlySet<string> = new Set()): Promise<number> {
  const files = filesUnder(dir, skip).filter((path) => isCompressible(path, statSync(path).size));
  await Promise.all(
    files.map(async (path) => {
      const copies = await compressCopies(readFileSync(path));
      writeFileSync(path + COPY_EXTENSIONS.br, copies.br);
      writeFileSync(path + COPY_EXTENSIONS.gzip, copies.gzip);
    }),
  );
  return files.length;
}
