/**
 * checkGatewayCall: forward-auth for the provider's own gateway (nginx auth_request, Caddy forward_auth,
 * Traefik ForwardAuth, Envoy ext_authz; docs/gateway.md). The original method and URI come from
 * X-Original-Method/-URI (nginx) or X-Forwarded-Method/-Uri (Caddy, Traefik); when both of a pair are sent
 * they must agree (a gateway sets one and passes the client's other on as it came, so a client could
 * otherwise name another call than the one it makes). The URI's path, less the public API's base path
 * (`/api/v1`, `/api`, or UPSTREAM_API_URL's path, which may be empty), is matched to a public operation
 * (spec/operation-matcher.ts); the query is left to the provider's API, which answers its own 400s.
 *
 * Then decideCall, for live tokens only, exactly as a public call is decided, spending the rate limit as
 * one does. Admitted: 200 with an empty body and the caller in oauth2-proxy's header names, the signed
 * identity both as X-Auth-Request-Access-Token and as a ready `Authorization: Bearer` (for gateways that
 * copy headers by name only: Traefik, Envoy, Caddy), the call's signed note (lib/call-note.ts) for the
 * gateway's access log, and the RateLimit-* headers. Refused: the API's own status and JSON body, which
 * X-Auth-Request-Error repeats for nginx (it cannot pass a subrequest's body on); a refusal of a known
 * token is in its owner's request log at once, as a refused public call is. Decided without a promise
 * for a cached token and a kept identity: nearly every check.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { createCallNoter, CALL_NOTE_KEY_PURPOSE } from '../../lib/call-note.ts';
import { HttpError } from '../../lib/http-error.ts';
import { scrubTokenValues } from '../../lib/token-scrub.ts';
import { createUseRecorder, decideCall, type CallDecision } from '../../public-api/access-decision.ts';
import type { ProviderApi } from '../../public-api/provider-api.ts';
import { createOperationMatcher, pathOf, type MatchedOperation } from '../../spec/operation-matcher.ts';
import type { OpenApiDocument } from '../../spec/openapi-document.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';

/** The public API's own base paths (plugins/spec-routes.ts routes both). */
const PUBLIC_BASE_PATHS = ['/api/v1', '/api'];
/** As the portal's router: longer path parameters are no operation. */
const MAX_PARAM_LENGTH = 256;
const NO_URI_MESSAGE = 'X-Original-URI or X-Forwarded-Uri is required.';
const NO_PROVIDER_API = 'This portal reaches no provider API (UPSTREAM_API_URL is unset): it has no live tokens to check.';

/** The base paths a gateway's URI may start with: the public API's and UPSTREAM_API_URL's ('' for its root). */
export function gatewayBasePaths(upstreamApiUrl: string | undefined): string[] {
  if (upstreamApiUrl === undefined) return PUBLIC_BASE_PATHS;
  return [...PUBLIC_BASE_PATHS, new URL(upstreamApiUrl).pathname.replace(/\/+$/, '')];
}

/** JSON for a header value: anything outside printable ASCII escaped. */
function headerJson(body: { status: number; message: string }): string {
  return JSON.stringify(body).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function refusal(status: number, message: string, headers: Record<string, string> = {}): HttpError {
  return new HttpError(status, message, { ...headers, 'x-auth-request-error': headerJson({ status, message }) });
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** One of a pair of headers naming the same thing; both sent and different is a 400. */
function agreed(request: FastifyRequest, nginxName: string, otherName: string, label: string): string | undefined {
  const nginx = headerOf(request, nginxName);
  const other = headerOf(request, otherName);
  if (nginx !== undefined && other !== undefined && nginx !== other) throw refusal(400, `The ${label} in ${nginxName} and ${otherName} differ.`);
  return nginx ?? other;
}

function providerApiOf(ctx: ServerContext): ProviderApi {
  if (ctx.providerApi === undefined) throw refusal(404, NO_PROVIDER_API);
  return ctx.providerApi;
}

export function checkHandlers(ctx: ServerContext, spec: OpenApiDocument): Record<'checkGatewayCall', OperationHandler> {
  const match = createOperationMatcher(spec, gatewayBasePaths(ctx.config.upstreamApiUrl), MAX_PARAM_LENGTH);
  const noter = createCallNoter(ctx.keys.deriveKey(CALL_NOTE_KEY_PURPOSE));
  const recordUse = createUseRecorder(ctx);

  /** The call as the request log and the note see it. */
  interface Call {
    method: string;
    uri: string;
    operation: MatchedOperation;
  }

  function admit(
    request: FastifyRequest,
    reply: FastifyReply,
    call: Call,
    decision: Extract<CallDecision, { admitted: true }>,
    identity: string,
  ): FastifyReply {
    const { principal } = decision;
    const userAgent = headerOf(request, 'user-agent');
    const note = noter.sign(
      {
        tokenId: principal.tokenId,
        userId: principal.userId,
        operationId: call.operation.operationId,
        method: call.method,
        path: call.uri,
        address: request.ip,
        userAgent: userAgent ?? null,
      },
      Date.now(),
    );
    return reply
      .headers({
        'x-auth-request-user': principal.subject,
        'x-auth-request-user-type': principal.userType,
        'x-auth-request-scopes': (principal.scopes ?? ctx.apiDomains[principal.userType]).join(' '),
        'x-auth-request-token-id': String(principal.tokenId),
        'x-auth-request-access-token': identity,
        authorization: `Bearer ${identity}`,
        'x-auth-request-call': note,
        'cache-control': 'no-store',
      })
      .code(200)
      .send();
  }

  function answer(request: FastifyRequest, reply: FastifyReply, call: Call, decision: CallDecision): FastifyReply | Promise<FastifyReply> {
    if (decision.rate !== undefined) ctx.rateLimit.writeHeaders(reply, decision.rate);
    // Refused calls of a verified token are uses too, as the log counts them.
    const used = recordUse(decision);
    if (used instanceof Promise) used.catch((error: unknown) => request.log.warn({ err: error }, 'recording a token use failed'));
    if (!decision.admitted) {
      const body = headerJson({ status: decision.status, message: decision.message });
      if (decision.rate !== undefined) void reply.headers(ctx.rateLimit.retryAfter(decision.rate));
      void reply
        .code(decision.status)
        .headers({ 'content-type': 'application/json; charset=utf-8', 'x-auth-request-error': body, 'cache-control': 'no-store' });
      void reply.send(body);
      if (decision.owner !== undefined) {
        request.server.logPublicCall({
          request: { method: call.method, url: call.uri, headers: request.headers, ip: request.ip },
          operationId: call.operation.operationId,
          owner: decision.owner,
          status: decision.status,
          durationMs: reply.elapsedTime,
          responseBytes: Buffer.byteLength(body),
        });
      }
      return reply;
    }
    const identity = providerApiOf(ctx).asserter.assert(decision.principal, request.ip);
    return identity instanceof Promise
      ? identity.then((signed) => admit(request, reply, call, decision, signed))
      : admit(request, reply, call, decision, identity);
  }

  return {
    checkGatewayCall: {
      handle(request, reply) {
        providerApiOf(ctx);
        const uri = agreed(request, 'x-original-uri', 'x-forwarded-uri', 'URI');
        if (uri === undefined) throw refusal(400, NO_URI_MESSAGE);
        const method = (agreed(request, 'x-original-method', 'x-forwarded-method', 'method') ?? 'GET').toUpperCase();
        const operation = match(method, uri);
        if (operation === undefined) {
          throw refusal(404, `${method.slice(0, 16)} ${scrubTokenValues(pathOf(uri)).slice(0, 300)} is not an operation of the public API.`);
        }
        const call: Call = { method, uri, operation };
        const token = headerOf(request, ctx.apiTokenHeader);
        const decision = decideCall(ctx, { token, family: operation.userType, domain: operation.domain, address: request.ip, environment: 'live' });
        return decision instanceof Promise ? decision.then((decided) => answer(request, reply, call, decided)) : answer(request, reply, call, decision);
      },
    },
  };
}
