/**
 * The built app (dist/web) and the export (dist/export, at /downloads/) as static files, served from
 * memory: read once at start-up with their compressed copies (brotli 11 and gzip 9, written by the build;
 * made on first request for a file without them, io/compressed-copies.ts), so the JS a browser downloads
 * is small and costs no CPU per request. Hashed assets are cached for a year; index.html is revalidated
 * every time. Client routes (/, /login, /settings, ...) get index.html. On `npm start`'s first start the
 * export and the compressed copies are made after the server listens (src/server/deferred-build.ts): until
 * then a download answers 503 with Retry-After, and once made the files are read in. A download that sets
 * the API's base URL (a Postman environment, a `.http` file) is answered with the portal's own origin
 * (PUBLIC_ORIGIN, never the request's Host), so an import calls this portal's API.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { brand } from '../../generated/brand.ts';
import { catalogue } from '../../generated/catalogue.ts';
import { downloadFileName, parseDownloadPath } from '../../shared/portal-data/downloads.ts';
import { PRERENDERED_DIR } from '../../shared/portal-data/prerendered-pages.ts';
import { PAGE_SETTINGS_ID } from '../../shared/portal-data/page-settings.ts';
import { compressCopies, isCompressedCopy, isCompressible, readCompressedCopies, type CompressedCopies } from '../io/compressed-copies.ts';
import { filesUnder } from '../io/files-under.ts';
import { MALFORMED_URL_MESSAGE, NOT_FOUND_BODY } from '../lib/http-error.ts';
import { CONTENT_TYPES } from '../lib/content-types.ts';
import { jsonForScript } from '../lib/prerendered-page-fill.ts';
import { WITHOUT_DATABASE } from './database-gate.ts';

const NOT_BUILT_BODY = Object.freeze({ status: 404, message: 'The app is not built: run `npm run build`.' });
export const DOWNLOADS_BEING_MADE_BODY = Object.freeze({ status: 503, message: 'The downloads are being made; retry in a few seconds.' });
const DOWNLOADS_FAILED_BODY = Object.freeze({
  status: 503,
  message: 'The downloads could not be made (see the server log): run `npm run build`, then restart.',
});
/** Seconds a client waits before asking again while the downloads are being made (about 15 s of work). */
const RETRY_AFTER_SECONDS = 5;
/** The base URL `npm run export` writes (the spec's server at its example host), and its path. */
const EXPORTED_BASE_URL = catalogue.publicServer.replace('{host}', catalogue.defaultHost);
const BASE_PATH = new URL(EXPORTED_BASE_URL).pathname;
/** Copies with the portal's origin written in: one per file (the origin changes once, at listen), bounded all the same. */
const MAX_ORIGIN_COPY_BYTES = 32 * 1024 * 1024;

interface StaticFile {
  path: string;
  raw: Buffer;
  compressible: boolean;
  /** The build's copies, or made once on first request (start-up stays fast); later requests reuse them. */
  compressed?: Promise<CompressedCopies>;
  type: string;
  etag: string;
  cacheControl: string;
}

function load(root: string, urlPrefix: string, cacheControlFor: (path: string) => string, skip?: ReadonlySet<string>): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const paths = new Set(filesUnder(root, skip));
  for (const path of paths) {
    if (isCompressedCopy(path, paths)) continue;
    const raw = readFileSync(path);
    const url = urlPrefix + relative(root, path).split(sep).join('/');
    const compressible = isCompressible(path, raw.length);
    const copies = compressible ? readCompressedCopies(path) : undefined;
    const file: StaticFile = {
      path,
      raw,
      type: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
      etag: etagOf(raw),
      cacheControl: cacheControlFor(url),
      compressible,
      ...(copies === undefined ? {} : { compressed: Promise.resolve(copies) }),
    };
    files.set(url, file);
  }
  return files;
}

/** The build's copies for files that had none when they were read (the build wrote them since). */
function readNewCopies(files: Map<string, StaticFile>): void {
  for (const file of files.values()) {
    if (!file.compressible || file.compressed !== undefined) continue;
    const copies = readCompressedCopies(file.path);
    if (copies !== undefined) file.compressed = Promise.resolve(copies);
  }
}

function loadDownloads(exportDir: string): Map<string, StaticFile> {
  const downloads = load(exportDir, '/downloads/', () => 'no-cache');
  for (const [url, file] of downloads) file.type = parseDownloadPath(url)?.file.contentType ?? file.type;
  return downloads;
}

function etagOf(raw: Buffer): string {
  return `"${createHash('sha1').update(raw).digest('base64url').slice(0, 20)}"`;
}

function originCopies(): LRUCache<string, StaticFile> {
  return new LRUCache<string, StaticFile>({ maxSize: MAX_ORIGIN_COPY_BYTES, sizeCalculation: (file) => file.raw.length });
}

/** `file` with the exported base URL replaced by `origin`'s; made once per file and origin. */
function withBaseUrlOf(origin: string, file: StaticFile, copies: LRUCache<string, StaticFile>): StaticFile {
  const key = `${file.path} ${file.etag} ${origin}`;
  const cached = copies.get(key);
  if (cached !== undefined) return cached;
  const raw = Buffer.from(file.raw.toString('utf8').replaceAll(EXPORTED_BASE_URL, `${origin}${BASE_PATH}`), 'utf8');
  const copy: StaticFile = { path: file.path, raw, compressible: file.compressible, type: file.type, etag: etagOf(raw), cacheControl: file.cacheControl };
  if (copy.compressible) {
    copy.compressed = compressCopies(raw, 'fast');
    copy.compressed.catch(() => undefined);
  }
  copies.set(key, copy);
  return copy;
}

function compressedOf(file: StaticFile): Promise<CompressedCopies | undefined> {
  if (!file.compressible) return Promise.resolve(undefined);
  file.compressed ??= compressCopies(file.raw);
  // A failure (out of memory) falls back to the raw bytes.
  return file.compressed.catch(() => undefined);
}

async function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile): Promise<FastifyReply> {
  void reply.header('content-type', file.type).header('cache-control', file.cacheControl).header('etag', file.etag);
  if (file.compressible) void reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const compressed = /\b(br|gzip)\b/.test(accepted) ? await compressedOf(file) : undefined;
  // Already compressed: keep @fastify/compress off these bytes.
  if (compressed !== undefined && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(compressed.br);
  if (compressed !== undefined && /\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(compressed.gzip);
  return reply.send(file.raw);
}

/** Answers a client route with the app's index.html (the client renders the screen). */
export type SendAppShell = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

export interface StaticFilesOptions {
  webDir: string;
  exportDir: string;
  /** The app while `npm start`'s first start builds it (before listen): its files are read once it is built. */
  webBuilt?: Promise<void>;
  /** The rest of the build (export, compressed copies) while it runs after listen; undefined when it is done. */
  restOfBuild?: Promise<void>;
  /** The portal's settings (getPortalSettings), written into index.html so the login page needs no request. */
  pageSettings?: unknown;
  /**
   * With PUBLIC_DOCS=false, who may download (docs/decisions/036-origins-downloads-and-json-answers.md): a
   * refusal sent, or undefined to go on. Unset: anyone, and the downloads need no database.
   */
  downloadsReader?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  /** The portal's own origin (lib/public-origin.ts), written into the downloads that set a base URL. */
  publicOrigin: () => string;
}

/**
 * index.html with the settings in a JSON script before </head>: made once, since they change only with the
 * configuration. Its compressed copies are made from these bytes (the build's are of the file without them).
 */
function withPageSettings(file: StaticFile, settings: unknown): StaticFile {
  const script = `<script type="application/json" id="${PAGE_SETTINGS_ID}">${jsonForScript(settings)}</script>`;
  const raw = Buffer.from(
    file.raw.toString('utf8').replace('</head>', () => `${script}</head>`),
    'utf8',
  );
  const filled: StaticFile = { ...file, raw, etag: etagOf(raw) };
  if (filled.compressible) {
    filled.compressed = compressCopies(raw);
    // A failure is met (and falls back to the raw bytes) when a request asks: not an unhandled rejection now.
    filled.compressed.catch(() => undefined);
  }
  return filled;
}

export interface StaticFiles {
  sendAppShell: SendAppShell;
  /** Resolves once the app's files are read (at once, or when options.webBuilt resolves); rejects if its build failed. */
  webLoaded: Promise<void>;
}

export function registerStaticFiles(app: FastifyInstance, options: StaticFilesOptions): StaticFiles {
  // Prerendered documentation pages are answered by plugins/documentation-pages.ts, never as files.
  const loadWeb = () =>
    load(options.webDir, '/', (url) => (url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'), new Set([PRERENDERED_DIR]));
  let web = new Map<string, StaticFile>();
  let index: StaticFile | undefined;
  const webLoaded = (options.webBuilt ?? Promise.resolve()).then(() => {
    web = loadWeb();
    const page = web.get('/index.html');
    index = page === undefined || options.pageSettings === undefined ? page : withPageSettings(page, options.pageSettings);
    if (index !== undefined) web.set('/index.html', index);
  });
  // Awaited by buildApp after the rest is ready; a failed build must not count as unhandled before then.
  webLoaded.catch(() => undefined);
  let downloads = loadDownloads(options.exportDir);
  const downloadsWithOrigin = originCopies();
  let downloadsState: 'ready' | 'being made' | 'failed' = options.restOfBuild === undefined ? 'ready' : 'being made';
  options.restOfBuild?.then(
    () => {
      downloads = loadDownloads(options.exportDir);
      readNewCopies(web);
      downloadsState = 'ready';
      app.log.info({ downloads: downloads.size }, 'downloads ready');
    },
    (error: unknown) => {
      downloadsState = 'failed';
      app.log.error({ err: error }, 'the downloads could not be made');
    },
  );

  // Bytes are compressed here once; @fastify/compress stays off these routes.
  const { downloadsReader } = options;
  // Readers are looked up in the database: only public downloads are answered before it opens.
  app.get('/downloads/*', { compress: false, ...(downloadsReader === undefined ? { config: WITHOUT_DATABASE } : {}) }, async (request, reply) => {
    if (downloadsReader !== undefined) {
      const refused = await downloadsReader(request, reply);
      if (refused !== undefined) return refused;
    }
    const path = request.url.split('?')[0] ?? '';
    const file = downloads.get(path);
    // Only the export's own files (src/shared/portal-data/downloads.ts), each with its type and a file name
    // that says brand, API and format, e.g. `acme-seller-api-postman-collection.json`.
    const known = parseDownloadPath(path);
    if (known !== undefined && file === undefined && downloadsState !== 'ready') {
      void reply.header('cache-control', 'no-store');
      if (downloadsState === 'failed') return reply.code(503).send(DOWNLOADS_FAILED_BODY);
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(DOWNLOADS_BEING_MADE_BODY);
    }
    if (file === undefined || known === undefined) return reply.code(404).send(NOT_FOUND_BODY);
    const name = downloadFileName(brand.tokenPrefix, known.scope, known.file.file);
    void reply.header('content-disposition', `${known.file.inline ? 'inline' : 'attachment'}; filename="${name}"`);
    const origin = known.file.setsBaseUrl ? options.publicOrigin() : undefined;
    const answer = origin === undefined ? file : withBaseUrlOf(origin, file, downloadsWithOrigin);
    // For one reader only: no shared cache may hand it to the next.
    return send(request, reply, downloadsReader === undefined ? answer : { ...answer, cacheControl: `private, ${answer.cacheControl}` });
  });

  app.get('/*', { compress: false, config: WITHOUT_DATABASE }, async (request, reply) => {
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.code(400).send({ status: 400, message: MALFORMED_URL_MESSAGE });
    }
    const file = web.get(path);
    if (file !== undefined) return send(request, reply, file);
    // Client routes are extension-less paths; a missing file with an extension is a real 404.
    if (/^\/(api|downloads)(\/|$)/.test(path)) return reply.code(404).send(NOT_FOUND_BODY);
    if (index !== undefined && extname(path) === '') return send(request, reply, index);
    return reply.code(404).send(index === undefined ? NOT_BUILT_BODY : NOT_FOUND_BODY);
  });

  return {
    sendAppShell: async (request, reply) => (index === undefined ? reply.code(404).send(NOT_BUILT_BODY) : send(request, reply, index)),
    webLoaded,
  };
}
