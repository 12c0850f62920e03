/**
 * The compressed copies of a static file that the server sends: brotli 11 and gzip 9, small enough to
 * cost a browser little and too slow to make per request. `npm run build` writes them beside the app's
 * files (`<file>.br`, `<file>.gz`, scripts/lib/precompress.ts), so a server that has just started sends
 * them at once; a file without them (the export's downloads) is compressed on its first request.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export interface CompressedCopies {
  br: Buffer;
  gzip: Buffer;
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.yaml', '.map', '.webmanifest', '.ttf', '.ico']);
/** Below this, compression saves less than the headers it needs. */
const MIN_BYTES = 1024;
export const COPY_EXTENSIONS = { br: '.br', gzip: '.gz' } as const;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function isCompressible(path: string, size: number): boolean {
  return COMPRESSIBLE.has(extname(path)) && size > MIN_BYTES;
}

/**
 * Off the event loop (zlib's thread pool). `fast` is for copies made on a request (a download with the
 * portal's base URL written in): that request waits for it, so it costs milliseconds, not seconds.
 */
export async function compressCopies(raw: Buffer, effort: 'best' | 'fast' = 'best'): Promise<CompressedCopies> {
  const best = effort === 'best';
  const [br, gz] = await Promise.all([
    brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzipAsync(raw, { level: best ? 9 : 6 }),
  ]);
  return { br, gzip: gz };
}

/** The copies the build wrote beside `path`; undefined when one is missing or older than the file. */
export function readCompressedCopies(path: string): CompressedCopies | undefined {
  const copies = [path + COPY_EXTENSIONS.br, path + COPY_EXTENSIONS.gzip];
  const written = statSync(path).mtimeMs;
  if (!copies.every((copy) => existsSync(copy) && statSync(copy).mtimeMs >= written)) return undefined;
  return { br: readFileSync(copies[0]!), gzip: readFileSync(copies[1]!) };
}

/** A copy the build wrote (`app.js.br` beside `app.js`): not a file of its own to serve. */
export function isCompressedCopy(path: string, siblings: ReadonlySet<string>): boolean {
  return Object.values(COPY_EXTENSIONS).some((extension) => path.endsWith(extension) && siblings.has(path.slice(0, -extension.length)));
}
