/**
 * The local server for the peer renderers (Swagger UI, Redoc, Scalar): their minimal pages from
 * bench/peers/, their library files straight from bench/node_modules (no network), and the specs under
 * /spec/. Compressed with our server's own settings (src/server/io/compressed-copies.ts: brotli 11 or
 * gzip 9, nothing under 1 KB), so compressed byte counts compare; what the peer pages load is compressed
 * at start-up so no measured load pays for it.
 * It can also serve another build of our app (the 500-operation one) with the SPA fallback and
 * /api proxied to a running server of ours, and static pages under /pages/ (bench/html-only.ts).
 *
 * Standalone: npx tsx bench/serve-peers.ts [port]  (then open /peers/redoc.html, ...)
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { compressCopies, isCompressible, type CompressedCopies } from '../src/server/io/compressed-copies.ts';
import { CONTENT_TYPES } from '../src/server/lib/content-types.ts';
import { benchModules, resultsDir, root } from './lib/options.ts';

const MOUNTS: Record<string, string> = {
  '/peers/': resolve(root, 'bench/peers'),
  '/vendor/swagger-ui/': resolve(benchModules, 'swagger-ui-dist'),
  '/vendor/redoc/': resolve(benchModules, 'redoc/bundles'),
  '/vendor/scalar/': resolve(benchModules, '@scalar/api-reference/dist/browser'),
};

export interface PeerServerOptions {
  port: number;
  /** name -> file; served at /spec/<name>.json */
  specs: Record<string, string>;
  /** Another build of our app, served at / with the SPA fallback. */
  appDir?: string;
  /** Where /api, /downloads and /healthz go when appDir is set. */
  apiOrigin?: string;
  /** Static pages served at /pages/ (bench/html-only.ts). */
  pagesDir?: string;
}

export interface PeerServer {
  origin: string;
  close: () => Promise<void>;
}

export async function startPeerServer(options: PeerServerOptions): Promise<PeerServer> {
  const cache = new Map<string, CompressedCopies>();

  // Compressed bodies are also kept on disk by content hash: brotli 11 on 3 MB costs seconds per run.
  const diskCache = join(resultsDir, 'compressed');
  mkdirSync(diskCache, { recursive: true });
  const copiesOf = async (file: string, raw: Buffer): Promise<CompressedCopies> => {
    let copies = cache.get(file);
    if (copies === undefined) {
      const stored = join(diskCache, createHash('sha256').update(raw).digest('hex'));
      if (existsSync(`${stored}.br`) && existsSync(`${stored}.gz`)) copies = { br: readFileSync(`${stored}.br`), gzip: readFileSync(`${stored}.gz`) };
      else {
        copies = await compressCopies(raw);
        writeFileSync(`${stored}.br`, copies.br);
        writeFileSync(`${stored}.gz`, copies.gzip);
      }
      cache.set(file, copies);
    }
    return copies;
  };

  const send = async (req: IncomingMessage, res: ServerResponse, file: string): Promise<void> => {
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    const accept = String(req.headers['accept-encoding'] ?? '');
    const raw = readFileSync(file);
    const encoding = !isCompressible(file, raw.length) ? null : /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    let body: Buffer = raw;
    if (encoding !== null) {
      body = (await copiesOf(file, raw))[encoding];
      res.setHeader('Content-Encoding', encoding);
    }
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Length', body.length);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const inside = (base: string, rest: string): string | null => {
    const file = normalize(join(base, decodeURIComponent(rest)));
    if (!file.startsWith(base)) return null;
    return existsSync(file) && statSync(file).isFile() ? file : null;
  };

  const proxy = (req: IncomingMessage, res: ServerResponse, origin: string): void => {
    const target = new URL(req.url ?? '/', origin);
    const upstream = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      res.statusCode = 502;
      res.end();
    });
    req.pipe(upstream);
  };

  const pagesDir = options.pagesDir === undefined ? undefined : resolve(options.pagesDir);
  const mounts: Record<string, string> = pagesDir === undefined ? MOUNTS : { ...MOUNTS, '/pages/': pagesDir };

  // Pre-compress what the peer pages load (brotli 11 on 3 MB takes seconds): no measured run pays for it.
  const preload = [
    ...Object.values(options.specs),
    ...(pagesDir === undefined ? [] : readdirSync(pagesDir).map((name) => join(pagesDir, name))),
    resolve(benchModules, 'swagger-ui-dist/swagger-ui-bundle.js'),
    resolve(benchModules, 'swagger-ui-dist/swagger-ui.css'),
    resolve(benchModules, 'redoc/bundles/redoc.standalone.js'),
    resolve(benchModules, '@scalar/api-reference/dist/browser/standalone.js'),
  ];
  // In parallel on the libuv pool (brotli 11 is slow), then kept in memory and on disk.
  await Promise.all(preload.filter((file) => existsSync(file)).map((file) => copiesOf(file, readFileSync(file))));

  const serve = (req: IncomingMessage, res: ServerResponse): Promise<void> | void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path.startsWith('/spec/')) {
      const spec = options.specs[path.slice('/spec/'.length).replace(/\.json$/, '')];
      if (spec !== undefined) return send(req, res, spec);
    }
    for (const [prefix, base] of Object.entries(mounts)) {
      if (path.startsWith(prefix)) {
        const file = inside(base, path.slice(prefix.length));
        if (file !== null) return send(req, res, file);
      }
    }
    if (options.appDir !== undefined) {
      if (options.apiOrigin !== undefined && /^\/(api|downloads|healthz)(\/|$)/.test(path)) return proxy(req, res, options.apiOrigin);
      const file = inside(options.appDir, path === '/' ? 'index.html' : path.slice(1));
      if (file !== null) return send(req, res, file);
      // Client routes get the app's HTML; missing assets stay 404.
      if (extname(path) === '') return send(req, res, join(options.appDir, 'index.html'));
    }
    res.statusCode = 404;
    res.end('not found');
  };
  const server = createServer((req, res) => {
    Promise.resolve(serve(req, res)).catch(() => {
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolveListen) => server.listen(options.port, '127.0.0.1', resolveListen));
  return {
    origin: `http://127.0.0.1:${options.port}`,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const port = Number(process.argv[2] ?? 8400);
  const specs = { public: resolve(root, 'src/generated/openapi.public.json'), large: resolve(root, 'bench/results/openapi.large.json') };
  const started = await startPeerServer({ port, specs });
  console.log(`peers on ${started.origin}/peers/{swagger-ui,redoc,scalar}.html?spec=/spec/public.json`);
}
