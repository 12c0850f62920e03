/**
 * `Deprecation: @<seconds>` (RFC 9745) on every response of an operation the spec marks `deprecated: true`
 * (the date is its `x-deprecated-at`, src/shared/openapi/deprecation.ts), with a `Link` to the changelog
 * that says what replaces it. Routes carry their operationId in their config (spec-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { deprecationHeader, deprecationOf } from '../../shared/openapi/deprecation.ts';
import { listOperations, operationIdOf, type OpenApiDocument } from '../../shared/openapi/openapi-document.ts';
import { catalogue } from '../../generated/catalogue.ts';
import { documentationHref } from '../../shared/portal-data/links.ts';

const CHANGELOG_LINK = `<${documentationHref(catalogue.changelogPage)}>; rel="deprecation"; type="text/html"`;

export function registerDeprecationHeaders(app: FastifyInstance, spec: OpenApiDocument): void {
  const deprecated = new Map<string, string>();
  for (const entry of listOperations(spec)) {
    const deprecation = deprecationOf(entry);
    if (deprecation) deprecated.set(operationIdOf(entry), deprecationHeader(deprecation));
  }
  if (deprecated.size === 0) return;
  // A callback hook: it runs on every response, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    const operationId = (request.routeOptions.config as { operationId?: string } | undefined)?.operationId;
    const header = operationId === undefined ? undefined : deprecated.get(operationId);
    if (header !== undefined) void reply.header('deprecation', header).header('link', CHANGELOG_LINK);
    done(null, payload);
  });
}
