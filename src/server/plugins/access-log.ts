/**
 * The server log without secrets, and its access lines: Fastify's own request logs are off; one line per
 * response carries method, a redacted URL, status and time. Token values are removed from the refresh,
 * end-grace and delete paths, the OpenID callback's query (its code) is removed, and so is anything that is
 * or hides a token, percent-encoded or not (lib/token-scrub.ts); headers (cookie, token header) are never
 * logged. A last line of defence runs the same scrub over every log line before it is written (pino's
 * streamWrite hook: the serialized line, straight to the destination, with no stream in between).
 * Not the Usage screen's log of public calls per token: that is public-api/request-log-hooks.ts.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { standardOutputLog } from '../io/log-destination.ts';
import { scrubTokenValues } from '../lib/token-scrub.ts';

const TOKEN_PATHS = /^(\/api\/auth\/token\/(?:refresh\/|previous-value\/)?)[^/?]+/;
/** The OpenID Provider's answer: an authorization code and the sign-in's state are in its query. */
const OIDC_CALLBACK_QUERY = /^(\/api\/auth\/oidc\/callback\?).*/s;

/** A token in the path of a token operation, whatever its shape, the OpenID callback's query, and any token value. */
function redactUrl(url: string): string {
  return scrubTokenValues(url.replace(TOKEN_PATHS, '$1[redacted]').replace(OIDC_CALLBACK_QUERY, '$1[redacted]'));
}

export function loggerOptions(level: string, destination: { write(line: string): unknown } = standardOutputLog()): FastifyServerOptions['logger'] {
  return {
    level,
    stream: destination,
    hooks: { streamWrite: scrubTokenValues },
    // Named paths only: pino checks a wildcard path (`*.password`) against every key of every line, which
    // made redaction over half an access line's cost. These are the objects the server logs.
    redact: { paths: ['req.headers', 'headers', 'cookie', 'password', 'body.password', 'err.password'], censor: '[redacted]' },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: redactUrl(req.url ?? '') }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

export function registerAccessLog(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request (every hook below runs on every response).
  // Through the server's logger with the request's id, the line its child logger would write, so the
  // child is not made for this line alone (lib/lazy-request-logger.ts).
  app.addHook('onResponse', (request, reply, done) => {
    app.log.info(
      {
        reqId: request.id,
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}
