/**
 * Security headers on every response. The CSP is strict: scripts only from our origin (the Vite build
 * and Swagger UI's lazy chunk are files, no inline script); styles also inline because MUI/emotion
 * inject <style> tags at run time; images also data: URLs (Swagger UI's icons).
 */
import type { FastifyInstance } from 'fastify';

const CONTENT_SECURITY_POLICY = [
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

/**
 * The headers every response carries, as one object: the onSend hook below sets them, and the answers
 * Fastify's routing and Node's HTTP parser give outside the hooks (plugins/client-errors.ts) add them.
 */
export function securityHeaders(options: { hsts: boolean }): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(options.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  });
}

export function registerSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  // A callback hook: it runs on every response, and an async hook costs a promise each time.
  app.addHook('onSend', (_request, reply, payload, done) => {
    void reply.headers(headers);
    done(null, payload);
  });
}
