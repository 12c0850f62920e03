/**
 * `Deprecation: @<seconds>` (RFC 9745) on every response of an operation the spec marks `deprecated: true`
 * (the date is its `x-deprecated-at`, src/shared/openapi/deprecation.ts), with a `Link` to the changelog
 * that says what replaces it. Routes carry their operationId in their config (spec-routes.ts).
 */
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { withHook } from '../lib/route-hooks.ts';
import { deprecationHeader, deprecationOf } from '../../shared/openapi/deprecation.ts';
import { listOperations, operationIdOf, type OpenApiDocument } from '../../shared/openapi/openapi-document.ts';
import { catalogue } from '../../generated/catalogue.ts';
import { documentationHref } from '../../shared/portal-data/links.ts';

const CHANGELOG_LINK = `<${documentationHref(catalogue.changelogPage)}>; rel="deprecation"; type="text/html"`;

/** Register before the routes. */
export function registerDeprecationHeaders(app: FastifyInstance, spec: OpenApiDocument): void {
  // One hook per operation, so the GET route, its /api alias and the HEAD route derived from it share it.
  const hooks = new Map<string, onSendHookHandler>();
  for (const entry of listOperations(spec)) {
    const deprecation = deprecationOf(entry);
    if (!deprecation) continue;
    const header = deprecationHeader(deprecation);
    hooks.set(operationIdOf(entry), (_request, reply, payload, done) => {
      void reply.header('deprecation', header).header('link', CHANGELOG_LINK);
      done(null, payload);
    });
  }
  // On the deprecated operations' routes only, attached as each is registered (so this runs before they are).
  app.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: string } | undefined)?.operationId;
    const hook = operationId === undefined ? undefined : hooks.get(operationId);
    if (hook !== undefined) route.onSend = withHook(route.onSend, hook);
  });
}
