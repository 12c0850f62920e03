/**
 * One Host per request, answered in the API's shape. Node's own check (requireHostHeader) answers a
 * missing Host with a bare 400 outside every hook, and Node keeps the first of two Host headers without a
 * word, so the check is made here instead (http-limits.ts turns Node's off). Nothing the server writes is
 * built from Host any more (lib/public-origin.ts), but a request that names two hosts is ambiguous to every
 * proxy and cache in front of it: RFC 9112, section 3.2, says a server answers it 400.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.ts';

const HOST_MESSAGE = 'The request must name exactly one Host.';

/** How many Host headers the raw request carried (Node's `headers` keeps only the first). */
function hostCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let at = 0; at < rawHeaders.length; at += 2) if (rawHeaders[at]?.toLowerCase() === 'host') count += 1;
  return count;
}

export function registerHostHeaderCheck(app: FastifyInstance): void {
  // A callback hook: it runs on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    const count = hostCount(request.raw.rawHeaders);
    // HTTP/1.0 may leave Host out (RFC 9112 requires it from 1.1 on); two are never allowed.
    const missing = count === 0 && request.raw.httpVersion !== '1.0';
    done(count > 1 || missing ? new HttpError(400, HOST_MESSAGE) : undefined);
  });
}
