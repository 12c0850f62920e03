/**
 * Redocly plugin (redocly.yaml): what every public operation has in common, added as openapi/ is linted and
 * bundled, so a public path file holds only what is particular to it. A public operation is one with an
 * `x-domain` (its token scope) and no `x-internal`. It gains, where it does not declare its own:
 *   - the `If-None-Match` parameter (last);
 *   - on each 2xx answer the ETag, Cache-Control and RateLimit-* headers (first);
 *   - the 304, 400, 401, 403 (`NoAccessTo<Domain>`: the token's access lacks the domain), 404 (detail calls,
 *     `x-mode: detail`) and 429 responses, and the 502, 503 and 504 only a live token's call can get (the
 *     provider's API failed, too many live calls waiting, no answer in time).
 * Each is a $ref into openapi/components/, so the bundle is the same as when every path file wrote them out.
 * A preprocessor rather than a decorator: it runs before lint too, so the lint rules see the whole operation.
 */
import { dirname, join, relative, sep } from 'node:path';

const HEADERS = ['ETag', 'Cache-Control', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/** @param {string} domain */
const noAccessResponse = (domain) => `NoAccessTo${domain.charAt(0).toUpperCase()}${domain.slice(1)}`;

/** @param {Record<string, unknown>} operation */
function standardResponses(operation) {
  // A sandbox simulation is a POST on the portal's own data: no conditional answer and no provider behind it.
  if (operation['x-mode'] === 'simulation') {
    return { 400: 'BadRequest', 401: 'Unauthorized', 403: noAccessResponse(String(operation['x-domain'])), 404: 'NotFound', 429: 'TooManyRequests' };
  }
  return {
    304: 'NotModified',
    400: 'BadRequest',
    401: 'Unauthorized',
    403: noAccessResponse(String(operation['x-domain'])),
    ...(operation['x-mode'] === 'detail' ? { 404: 'NotFound' } : {}),
    429: 'TooManyRequests',
    502: 'BadGateway',
    503: 'LiveCallsBusy',
    504: 'GatewayTimeout',
  };
}

/** Puts an object's keys in a new order, in place (the bundle keeps the order of the source). */
function reorder(object, keys) {
  const entries = keys.filter((key) => key in object).map((key) => [key, object[key]]);
  for (const key of Object.keys(object)) delete object[key];
  Object.assign(object, Object.fromEntries(entries));
}

function publicOperationDefaults() {
  /** openapi/components, found beside the root document. */
  let componentsDir = '';
  return {
    Root: {
      enter(_root, ctx) {
        componentsDir = join(dirname(ctx.location.source.absoluteRef), 'components');
      },
    },
    Operation: {
      enter(operation, ctx) {
        if (typeof operation['x-domain'] !== 'string' || operation['x-internal'] === true) return;
        const from = dirname(ctx.location.source.absoluteRef);
        const ref = (kind, name) => ({
          $ref: relative(from, join(componentsDir, kind, `${name}.yaml`))
            .split(sep)
            .join('/'),
        });

        const simulation = operation['x-mode'] === 'simulation';
        const parameters = (operation.parameters ??= []);
        const declared = parameters.some((parameter) => ctx.resolve(parameter).node?.name === 'If-None-Match');
        if (!declared && !simulation) parameters.push(ref('parameters', 'ifNoneMatch'));

        const responses = (operation.responses ??= {});
        for (const [status, response] of Object.entries(responses)) {
          if (!status.startsWith('2') || response.$ref !== undefined) continue;
          const own = response.headers ?? {};
          response.headers = {
            ...Object.fromEntries((simulation ? HEADERS.filter((name) => name.startsWith('RateLimit')) : HEADERS).map((name) => [name, ref('headers', name)])),
            ...own,
          };
          reorder(response, ['description', 'headers', ...Object.keys(response).filter((key) => key !== 'description' && key !== 'headers')]);
        }
        for (const [status, name] of Object.entries(standardResponses(operation))) responses[status] ??= ref('responses', name);
        reorder(responses, Object.keys(responses).sort());
      },
    },
  };
}

export default function publicDefaultsPlugin() {
  return {
    id: 'portal',
    preprocessors: {
      oas3: { 'public-operation-defaults': publicOperationDefaults },
    },
  };
}
