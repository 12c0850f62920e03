/**
 * How long and how much the server waits for a client, in one place (docs/decisions/005-login-throttling-and-http-limits.md).
 * A client that sends slowly or not at all is cut off with 408 (plugins/client-errors.ts) instead of
 * holding a connection and its buffers indefinitely. Only the keep-alive timeout is configurable
 * (KEEP_ALIVE_TIMEOUT_SECONDS): it must outlast a load balancer's idle timeout, which differs per balancer.
 */
import type { ServerOptions } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

export interface HttpTimeouts {
  /** All request headers must arrive within this time of the request's first byte. */
  headersMs: number;
  /** The whole request, headers and body, must arrive within this time. */
  requestMs: number;
  /** A connection with no bytes moving either way while a request is open (a client that stops reading). */
  socketIdleMs: number;
  /** An idle keep-alive connection between requests. */
  keepAliveMs: number;
  /** How often Node checks open requests against headersMs and requestMs (the timeouts' resolution). */
  checkIntervalMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: Omit<HttpTimeouts, 'keepAliveMs'> = {
  headersMs: 10_000,
  // The largest body is 64 KB: even a slow mobile link sends it in a few seconds.
  requestMs: 30_000,
  socketIdleMs: 60_000,
  checkIntervalMs: 1_000,
};

/** The largest legitimate body is a token's title and description. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** Node's default: request line and headers together; larger is 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

export function httpServerOptions(
  timeouts: HttpTimeouts,
): Pick<FastifyServerOptions, 'bodyLimit' | 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'> & { http: ServerOptions } {
  return {
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.socketIdleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      maxHeaderSize: MAX_HEADER_BYTES,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
      // Node's check answers a bare 400 outside every hook: plugins/host-header.ts answers it in the API's shape.
      requireHostHeader: false,
    },
  };
}
