// @ts-check
/**
 * The floor a live call through the portal is measured against: a bare Node proxy in front of the same
 * upstream, with undici's Pool over keep-alive connections, that forwards a GET's path and query with the
 * caller's Authorization header and streams the answer back. No token check, no validation, no cache.
 *
 *   PORT=8481 UPSTREAM=http://127.0.0.1:8480 node bench/lib/bare-proxy.mjs
 */
import { createServer } from 'node:http';
import { Pool } from 'undici';

const upstream = process.env.UPSTREAM ?? 'http://127.0.0.1:8480';
const pool = new Pool(upstream, { connections: 64, pipelining: 1 });

createServer((request, response) => {
  pool
    .request({ method: 'GET', path: request.url ?? '/', headers: { authorization: request.headers.authorization ?? '', accept: 'application/json' } })
    .then(async ({ statusCode, headers, body }) => {
      /** @type {Record<string, string | string[]>} */
      const kept = {};
      for (const name of ['content-type', 'etag', 'cache-control']) {
        const value = headers[name];
        if (value !== undefined) kept[name] = value;
      }
      response.writeHead(statusCode, kept);
      for await (const chunk of body) response.write(chunk);
      response.end();
    })
    .catch(() => {
      response.writeHead(502).end();
    });
}).listen(Number(process.env.PORT ?? 8481), '127.0.0.1');
