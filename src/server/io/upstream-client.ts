/**
 * The HTTP exchange with the provider's API for live calls (UPSTREAM_API_URL): one GET over a pooled
 * keep-alive connection (an undici Pool of UPSTREAM_MAX_IN_FLIGHT connections), bounded every way a
 * dead or misbehaving upstream could hold the portal:
 *
 *   - at most `maxInFlight` exchanges at once per process: the caller asks `hasRoom()` first, and a call
 *     past it never reaches the pool (no queue, no connection);
 *   - one deadline for the whole exchange, connecting, headers and body alike (a slow trickle is cut by
 *     it too); the request is aborted, so its connection is closed, not kept;
 *   - a body of at most `maxBodyBytes`: undici stops reading and closes the connection past it.
 *
 * What is sent is only what the caller of `get` names: the identity, Accept, If-None-Match, the request
 * id and the User-Agent. Nothing of the client's own request (its token, cookies, other headers) is here
 * to send. Bodies are asked for uncompressed (they are validated before they are passed on).
 */
import { Pool } from 'undici';

export type UpstreamOutcome =
  | {
      kind: 'answer';
      status: number;
      etag: string | undefined;
      cacheControl: string | undefined;
      contentType: string | undefined;
      retryAfter: string | undefined;
      body: Buffer;
    }
  /** The deadline passed before the whole answer arrived. */
  | { kind: 'timeout' }
  /** No connection, or it broke: refused, reset, unknown host, TLS. `code` is the system's or undici's. */
  | { kind: 'unreachable'; code: string }
  /** The body was longer than the limit; reading stopped there. */
  | { kind: 'too-large' };

export interface UpstreamClient {
  readonly maxInFlight: number;
  /** Exchanges under way now. */
  readonly inFlight: number;
  /** Whether one more exchange may start: ask it, then call get() in the same synchronous step. */
  hasRoom(): boolean;
  /**
   * GET `pathAndQuery` (appended to the URL's path). The identity may still be being signed: the
   * exchange's place is taken at once, and the deadline runs from here.
   */
  get(pathAndQuery: string, identity: string | Promise<string>, ifNoneMatch: string | undefined, requestId: string): Promise<UpstreamOutcome>;
  /** Closes every connection (the app's onClose). */
  close(): Promise<void>;
}

export interface UpstreamOptions {
  /** UPSTREAM_API_URL, without a trailing slash. */
  url: string;
  timeoutMs: number;
  maxInFlight: number;
  maxBodyBytes: number;
  userAgent: string;
}

const DEADLINE = Symbol('upstream deadline');
const TIMEOUT: UpstreamOutcome = { kind: 'timeout' };
const TOO_LARGE: UpstreamOutcome = { kind: 'too-large' };

/** setTimeout's callback, with the controller as its argument: no closure per exchange. */
function abortOnDeadline(controller: AbortController): void {
  controller.abort(DEADLINE);
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export function createUpstreamClient(options: UpstreamOptions): UpstreamClient {
  const url = new URL(options.url);
  const basePath = url.pathname.replace(/\/+$/, '');
  const pool = new Pool(url.origin, {
    connections: options.maxInFlight,
    pipelining: 1,
    maxResponseSize: options.maxBodyBytes,
    // The exchange's own deadline (below) bounds all of it; these only make sure undici never waits longer.
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect: { timeout: Math.min(options.timeoutMs, 10_000) },
  });
  let inFlight = 0;

  async function exchange(path: string, identity: string | Promise<string>, ifNoneMatch: string | undefined, requestId: string): Promise<UpstreamOutcome> {
    const controller = new AbortController();
    const timer = setTimeout(abortOnDeadline, options.timeoutMs, controller);
    try {
      // A failure to sign is the portal's own, not the upstream's: it is thrown, not an outcome.
      const bearer = typeof identity === 'string' ? identity : await identity;
      if (controller.signal.aborted) return TIMEOUT;
      const headers: Record<string, string> = {
        authorization: `Bearer ${bearer}`,
        accept: 'application/json',
        'accept-encoding': 'identity',
        'user-agent': options.userAgent,
        'x-request-id': requestId,
      };
      if (ifNoneMatch !== undefined) headers['if-none-match'] = ifNoneMatch;
      return await send(basePath + path, headers, controller);
    } finally {
      clearTimeout(timer);
      inFlight -= 1;
    }
  }

  async function send(path: string, headers: Record<string, string>, controller: AbortController): Promise<UpstreamOutcome> {
    try {
      const response = await pool.request({ path, method: 'GET', headers, signal: controller.signal });
      if (Number(single(response.headers['content-length']) ?? 0) > options.maxBodyBytes) {
        // Not read at all: aborting closes the connection.
        controller.abort();
        return TOO_LARGE;
      }
      const body = Buffer.from(await response.body.arrayBuffer());
      return {
        kind: 'answer',
        status: response.statusCode,
        etag: single(response.headers.etag),
        cacheControl: single(response.headers['cache-control']),
        contentType: single(response.headers['content-type']),
        retryAfter: single(response.headers['retry-after']),
        body,
      };
    } catch (error) {
      if (controller.signal.reason === DEADLINE) return TIMEOUT;
      const code = (error as { code?: unknown }).code;
      if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return TOO_LARGE;
      if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return TIMEOUT;
      return { kind: 'unreachable', code: typeof code === 'string' ? code : (error as Error).name };
    }
  }

  return {
    maxInFlight: options.maxInFlight,
    get inFlight() {
      return inFlight;
    },
    hasRoom: () => inFlight < options.maxInFlight,
    get(path, identity, ifNoneMatch, requestId) {
      inFlight += 1;
      return exchange(path, identity, ifNoneMatch, requestId);
    },
    close: () => pool.close(),
  };
}
