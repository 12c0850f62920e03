/**
 * One webhook POST to an endpoint, bounded every way a slow, hostile or dead receiver could hold the
 * portal: one deadline for connecting, headers and body; redirects not followed (a 3xx is a failed
 * attempt); at most the first 4 KB of the answer read, the rest of it dropped with its connection.
 *
 * Unless private networks are allowed, the address a name resolves to is checked as the connection is
 * made (the socket's own lookup), so a name that resolves to a public address when the endpoint is saved
 * and to a private one later (DNS rebinding) is refused all the same. An address written in the URL never
 * goes through a lookup, so it is checked before the request.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { refusedAddressKind, refusedAddressMessage } from '../lib/private-address.ts';

export const RESPONSE_BODY_LIMIT = 4096;

export interface WebhookAnswer {
  /** The endpoint's status; null when it gave none. */
  statusCode: number | null;
  durationMs: number;
  /** Why no answer came; null when one did. */
  error: string | null;
  /** The first 4 KB of the body, as text; null when there was none. */
  responseBody: string | null;
}

export interface WebhookSender {
  send(url: string, headers: Record<string, string>, body: string, signal?: AbortSignal): Promise<WebhookAnswer>;
  close(): Promise<void>;
}

class RefusedAddressError extends Error {
  readonly code = 'EWEBHOOKREFUSED';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** net.connect's `lookup`, refusing every address that is not public unicast. */
function guardedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true }, (error, addresses) => {
    if (error !== null) return callback(error, []);
    for (const { address } of addresses) {
      const kind = refusedAddressKind(address);
      if (kind !== undefined) return callback(new RefusedAddressError(refusedAddressMessage(address, kind)), []);
    }
    const [first] = addresses;
    if (first === undefined) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    if (options.all === true) return callback(null, addresses);
    return callback(null, first.address, first.family);
  });
}

/** The first RefusedAddressError in an error's causes. */
function refusal(error: unknown): RefusedAddressError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current instanceof RefusedAddressError) return current;
  }
  return undefined;
}

/** A short reason for the log: no stack, no address beyond what the refusal names. */
function reasonOf(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${timeoutMs / 1000} s`;
  const refused = refusal(error);
  if (refused !== undefined) return refused.message;
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection reset';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host name not found';
    if (code !== undefined && /^(ERR_TLS|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|ERR_SSL)/.test(code)) return `TLS failed (${code})`;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === undefined ? 'no answer' : `no answer (${code})`;
}

/** PostgreSQL text holds no NUL character. */
const storable = (text: string): string => text.replaceAll('\u0000', '');

export function createWebhookSender(options: { timeoutMs: number; allowPrivateNetworks: boolean; userAgent: string }): WebhookSender {
  const agent = new Agent({
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect: {
      timeout: Math.min(options.timeoutMs, 10_000),
      ...(options.allowPrivateNetworks ? {} : { lookup: guardedLookup }),
    },
  });
  return {
    async send(url, headers, body, outer) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      if (!options.allowPrivateNetworks) {
        const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
        const kind = isIP(host) === 0 ? undefined : refusedAddressKind(host);
        if (kind !== undefined) return { statusCode: null, durationMs: 0, error: refusedAddressMessage(host, kind), responseBody: null };
      }
      // One controller and one timer per attempt: AbortSignal.any and AbortSignal.timeout cost far more per call.
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.timeoutMs);
      const abandon = () => controller.abort();
      outer?.addEventListener('abort', abandon, { once: true });
      try {
        const answer = await request(url, {
          method: 'POST',
          dispatcher: agent,
          headers: { 'content-type': 'application/json', 'user-agent': options.userAgent, ...headers },
          body,
          // undici's request never follows a redirect (that takes its redirect interceptor).
          signal: controller.signal,
        });
        const chunks: Buffer[] = [];
        let length = 0;
        for await (const chunk of answer.body as AsyncIterable<Buffer>) {
          chunks.push(chunk);
          length += chunk.length;
          if (length >= RESPONSE_BODY_LIMIT) break;
        }
        // Leaving the loop early destroys the body, and with it the connection: the rest is never read.
        const text = storable(Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8')).slice(0, RESPONSE_BODY_LIMIT);
        return { statusCode: answer.statusCode, durationMs: elapsed(), error: null, responseBody: text === '' ? null : text };
      } catch (error) {
        if (outer?.aborted === true) throw error;
        return { statusCode: null, durationMs: elapsed(), error: storable(reasonOf(error, timedOut, options.timeoutMs)), responseBody: null };
      } finally {
        clearTimeout(timer);
        outer?.removeEventListener('abort', abandon);
      }
    },
    close: () => agent.close(),
  };
}
