/**
 * Security headers on every response, in two sets:
 * - documents (the app, its files, the documentation pages, Markdown, llms.txt): a strict CSP, scripts only from our
 *   origin (the Vite build and Swagger UI's lazy chunk are files, no inline script); styles also inline
 *   because MUI/emotion inject <style> tags at run time; images also data: URLs (Swagger UI's icons);
 * - API answers (JSON anywhere, the MCP endpoint, the API's CSV; /healthz; every error in the API's shape): the set OWASP's REST
 *   Security Cheat Sheet gives an API, with Cache-Control: no-store where no ETag says otherwise. Nothing
 *   in them loads, runs or is framed, so their CSP allows nothing, and the headers that only steer a
 *   document (Referrer-Policy, Permissions-Policy, COOP) are left out: a poller receives a third of the
 *   header bytes it did, on every call.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { MCP_PATH } from '../../shared/portal-data/agent-docs.ts';

const DOCUMENT_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

type HeaderSet = Readonly<Record<string, string>>;

export interface SecurityHeaders {
  document: HeaderSet;
  api: HeaderSet;
}

/**
 * Both sets, as objects: the onSend hook below sets them, and the answers Fastify's routing and Node's
 * HTTP parser give outside the hooks (plugins/client-errors.ts) add the API's.
 */
export function securityHeaders(options: { hsts: boolean }): SecurityHeaders {
  const hsts: Record<string, string> = options.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {};
  const shared = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'cross-origin-resource-policy': 'same-origin', ...hsts };
  return {
    document: Object.freeze({
      'content-security-policy': DOCUMENT_CONTENT_SECURITY_POLICY,
      ...shared,
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    }),
    api: Object.freeze({ 'content-security-policy': API_CONTENT_SECURITY_POLICY, ...shared }),
  };
}

/** A JSON body (`application/json`, `application/linkset+json`, …): an answer, not a document. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;

/**
 * The one place a response is told apart as the API's or a document's (docs/decisions/036-origins-downloads-and-json-answers.md):
 * by its path (/api/, /healthz, the MCP endpoint) or, anywhere else, by a JSON body, so an error in the
 * API's shape on a page's path (a 404, a refused Host) carries the API's set too. API answers are also
 * per-user data, and /api/auth/* returns token values: no browser or proxy may store them. Public answers
 * with an ETag say their own (private, no-cache: stored by the client, always revalidated).
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  // A callback hook: it runs on every response, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    const api = request.url.startsWith('/api/');
    const json = api || request.url === '/healthz' || request.routeOptions.url === MCP_PATH || JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''));
    void reply.headers(json ? headers.api : headers.document);
    if (api && !reply.hasHeader('etag')) void reply.header('cache-control', 'no-store');
    // Elsewhere a JSON answer that says nothing of caching is an error or per-caller: not stored either.
    else if (json && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/**
 * The API's set on a response written past the hooks (the MCP endpoint's transport writes Node's response
 * itself): set on the raw response first, so whatever status the transport answers carries them.
 */
export function setRawApiHeaders(response: ServerResponse, headers: SecurityHeaders): void {
  for (const [name, value] of Object.entries(headers.api)) response.setHeader(name, value);
  response.setHeader('cache-control', 'no-store');
}
