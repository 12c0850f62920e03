/**
 * `Deprecation: @<seconds>` (RFC 9745) on every response of an operation the spec marks `deprecated: true`
 * (the date is its `x-deprecated-at`, src/shared/openapi/deprecation.ts), with a `Link` to the changelog
 * that says what replaces it. Routes carry their operationId in their config (spec-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { addOperationHooks, type OperationHooks } from '../lib/route-hooks.ts';
import { deprecationHeader, deprecationOf } from '../../shared/openapi/deprecation.ts';
import { listOperations, operationIdOf, type OpenApiDocument } from '../../shared/openapi/openapi-document.ts';
import { catalogue } from '../../generated/catalogue.ts';
import { documentationHref } from '../../shared/portal-data/links.ts';

const CHANGELOG_LINK = `<${documentationHref(catalogue.changelogPage)}>; rel="deprecation"; type="text/html"`;

/** Register before the routes. */
export function registerDeprecationHeaders(app: FastifyInstance, spec: OpenApiDocument): void {
  // One hook per operation, so the GET route, its /api alias and the HEAD route derived from it share it.
  const hooks = new Map<string, OperationHooks>();
  for (const entry of listOperations(spec)) {
    const deprecation = deprecationOf(entry);
    if (!deprecation) continue;
    const header = deprecationHeader(deprecation);
    hooks.set(operationIdOf(entry), {
      onSend: (_request, reply, payload, done) => {
        void reply.header('deprecation', header).header('link', CHANGELOG_LINK);
        done(null, payload);
      },
    });
  }
  addOperationHooks(app, hooks);
}
