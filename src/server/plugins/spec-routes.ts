/**
 * Routing and request validation from the bundled spec: every operation becomes a route (public ones
 * under /api/v1 and the unversioned /api alias, portal ones under /api, well-known URIs at the root), validated by Ajv (JSON Schema
 * 2020-12, OpenAPI 3.1) and answered by the handler of its operationId. The server refuses to start when
 * an operation has no handler. Other methods on a known path get 405 with Allow.
 */
import { METHODS } from 'node:http';
import { pipeline, Transform } from 'node:stream';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  onRequestHookHandler,
  preParsingHookHandler,
  preValidationHookHandler,
} from 'fastify';
import type { HandlerMap, OperationHandler, SpecRouteConfig } from '../spec/operation-handler.ts';
import { HttpError } from '../lib/http-error.ts';
import { anchorRefs, compiledOnFirstUse, createAjv } from '../spec/ajv.ts';
import { integerParameters, parameterValidator } from '../spec/parameter-values.ts';
import { routableOperations, type JsonSchema, type OpenApiDocument, type SpecOperation, type SpecParameter } from '../spec/openapi-document.ts';
import { FAMILY, type UserType } from '../../shared/api-family.ts';

const PUBLIC_PREFIXES = ['/api/v1', '/api'];
const PORTAL_PREFIX = '/api';
/** Well-known URIs (RFC 8615: the key set, RFC 8414's metadata) are the origin's, not under /api; their path files say so with a server of the bare origin. */
const WELL_KNOWN = '/.well-known/';
// Every method Node parses (PROPFIND, QUERY, PURGE, ...), so any other method on a known path is 405, not
// 404. CONNECT never reaches routing (Node hands it to the 'connect' event).
const ALL_METHODS = METHODS.filter((method) => method !== 'CONNECT') as HTTPMethods[];

/** Lets Fastify route every method Node parses; the 405 routes need them. */
function routeEveryMethod(app: FastifyInstance): void {
  const known = new Set(app.supportedMethods);
  for (const method of ALL_METHODS) if (!known.has(method)) app.addHttpMethod(method);
}

export class MissingHandlersError extends Error {
  constructor(operationIds: string[]) {
    super(`No handler for operationId(s): ${operationIds.join(', ')}. Every operation in the spec needs one.`);
    this.name = 'MissingHandlersError';
  }
}

function objectSchema(parameters: SpecParameter[]): JsonSchema | undefined {
  if (parameters.length === 0) return undefined;
  return anchorRefs({
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  });
}

/**
 * The schemas Fastify validates a route's parameters and body with, compiled on the route's first request
 * (tests/unit/server/route-schemas.test.ts compiles them all). Only the parts an operation has: Fastify
 * warns about keys present but undefined.
 */
export function routeSchema(op: SpecOperation): Record<string, JsonSchema> {
  const schema: Record<string, JsonSchema> = {};
  const params = objectSchema(op.parameters.filter((parameter) => parameter.in === 'path'));
  const querystring = objectSchema(op.parameters.filter((parameter) => parameter.in === 'query'));
  if (params !== undefined) schema.params = params;
  if (querystring !== undefined) schema.querystring = querystring;
  if (op.requestBody !== undefined) schema.body = anchorRefs(op.requestBody);
  return schema;
}

/**
 * For an operation that verifies its raw body (OperationHandler.verifyRawBody): the body's bytes are kept
 * as they pass to the JSON parser (which still enforces the body limit), and the check runs before
 * validation and the handler see the parsed body.
 */
function rawBodyHooks(verify: NonNullable<OperationHandler['verifyRawBody']>): { preParsing: preParsingHookHandler; preValidation: preValidationHookHandler } {
  const chunks = new WeakMap<FastifyRequest, Buffer[]>();
  return {
    preParsing: async (request, _reply, payload) => {
      const kept: Buffer[] = [];
      chunks.set(request, kept);
      const tee = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          kept.push(chunk);
          done(null, chunk);
        },
      });
      // A compressed body reaches here decoded (@fastify/compress's preParsing runs first), so the copy is the
      // JSON the sender signed. Fastify checks Content-Length against the bytes received on the wire, which
      // the decoder counts: the copy passes that count on, or every compressed body would be a 400.
      Object.defineProperty(tee, 'receivedEncodedLength', { get: () => (payload as { receivedEncodedLength?: number }).receivedEncodedLength });
      // A client that aborts mid-body fails the parser as it would without the copy.
      return pipeline(payload, tee, () => undefined);
    },
    preValidation: async (request) => verify(request, Buffer.concat(chunks.get(request) ?? [])),
  };
}

function fastifyPath(specPath: string): string {
  return specPath.replace(/\{([^}]+)\}/g, ':$1');
}

/** The user type whose tokens a public operation accepts (its API family: the x-category of its tag) and the domain it reads. */
function tokenRequirementOf(op: SpecOperation): { userType: UserType; domain: string } {
  if (op.family === null || op.domain === null) throw new Error(`${op.operationId} needs an API token but is internal`);
  return { userType: FAMILY[op.family].userType, domain: op.domain };
}

/** The methods a path of the spec answers (for an Allow header), or undefined for a path it does not have. */
export type AllowedMethods = (path: string) => string | undefined;

/** Longer path parameters match no route (404): long enough for any id or token. */
export const MAX_PARAM_LENGTH = 256;

/** A Fastify route URL (`/api/v1/orders/:id`) as the paths it matches. */
function urlPattern(url: string): RegExp {
  const segments = url.split('/').map((segment) => (segment.startsWith(':') ? `[^/]{1,${MAX_PARAM_LENGTH}}` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}$`);
}

/**
 * The onRequest hook of each security scheme: the public call's token check (public-api/token-hook.ts), the
 * portal's session, a gateway's client credentials (gateway-client.ts); and the cross-site refusal of every
 * operation that changes state (csrf.ts).
 */
export interface SecurityHooks {
  sameOrigin: onRequestHookHandler;
  apiToken(userType: UserType, domain: string): onRequestHookHandler;
  sessionCookie(): onRequestHookHandler;
  gatewayClient(): onRequestHookHandler;
}

export function registerSpecRoutes(app: FastifyInstance, security: SecurityHooks, spec: OpenApiDocument, handlers: Partial<HandlerMap>): AllowedMethods {
  const operations = routableOperations(spec);
  const missing = operations.filter((op) => !(op.operationId in handlers)).map((op) => op.operationId);
  if (missing.length > 0) throw new MissingHandlersError(missing);

  // Nothing is coerced: integer parameters are read from text by parameter-values.ts, JSON bodies are taken as sent.
  const ajv = createAjv(spec, { coerceTypes: false });

  routeEveryMethod(app);
  const known: { pattern: RegExp; allow: string }[] = [];
  const byPath = new Map<string, SpecOperation[]>();
  for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);

  for (const [path, pathOperations] of byPath) {
    const internal = pathOperations.every((op) => op.internal);
    const prefixes = !internal ? PUBLIC_PREFIXES : path.startsWith(WELL_KNOWN) ? [''] : [PORTAL_PREFIX];
    const allowed = pathOperations.map((op) => op.method.toUpperCase() as HTTPMethods);
    for (const prefix of prefixes) {
      const url = prefix + fastifyPath(path);
      for (const op of pathOperations) {
        const definition = handlers[op.operationId as keyof HandlerMap];
        if (definition === undefined) continue;
        const onRequest: onRequestHookHandler[] = [];
        if (definition.changesState) onRequest.push(security.sameOrigin);
        if (op.security.includes('apiToken')) {
          const { userType, domain } = tokenRequirementOf(op);
          onRequest.push(security.apiToken(userType, domain));
        } else if (op.security.includes('sessionCookie')) onRequest.push(security.sessionCookie());
        else if (op.security.includes('gatewayClient')) onRequest.push(security.gatewayClient());
        const integers = {
          params: integerParameters(
            spec,
            op.parameters.filter((parameter) => parameter.in === 'path'),
          ),
          querystring: integerParameters(
            spec,
            op.parameters.filter((parameter) => parameter.in === 'query'),
          ),
        };
        const routeConfig: SpecRouteConfig = {
          operationId: op.operationId,
          pathParameters: op.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        };
        app.route({
          method: op.method.toUpperCase() as HTTPMethods,
          url,
          schema: routeSchema(op),
          validatorCompiler: ({ schema, httpPart }) => {
            const validate = compiledOnFirstUse(() => ajv.compile(schema as object));
            return httpPart === 'params' || httpPart === 'querystring' ? parameterValidator(integers[httpPart], validate) : validate;
          },
          config: routeConfig,
          onRequest,
          // Fastify reads no body on a GET, so @fastify/compress's request decompression would be a hook per call for nothing.
          ...(op.method === 'get' ? { decompress: false as const } : {}),
          ...(definition.verifyRawBody === undefined ? {} : rawBodyHooks(definition.verifyRawBody.bind(definition))),
          handler: (request: FastifyRequest, reply: FastifyReply) => {
            const answered = definition.handle(request, reply, routeConfig);
            // Sent at once (a cached public read): nothing for Fastify to wait on, so no promise to settle.
            return answered === reply ? undefined : answered;
          },
        });
      }
      const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])];
      known.push({ pattern: urlPattern(url), allow: allow.join(', ') });
    }
  }
  return (path) => known.find((route) => route.pattern.test(path))?.allow;
}

/**
 * Another method on a spec path is 405 with Allow. It is not a route of its own per method (thousands of
 * router entries, a fifth of start-up): the /api/* catch-all, which every method without a route reaches,
 * asks this. Answered in onRequest, before any body is read: 405 whatever the body or its content type.
 */
export function methodNotAllowed(allowedMethods: AllowedMethods): onRequestHookHandler {
  return async (request) => {
    const allow = allowedMethods(request.url.split('?', 1)[0] ?? '');
    if (allow !== undefined) throw new HttpError(405, 'Method not allowed.', { allow });
  };
}
