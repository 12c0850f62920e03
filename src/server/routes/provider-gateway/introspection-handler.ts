/**
 * introspectToken (RFC 7662): a gateway of GATEWAY_CLIENTS, already authenticated by the gatewayClient
 * scheme (plugins/gateway-client.ts), asks about a token; public-api/token-introspection.ts decides. Every
 * answer is `Cache-Control: no-store` (RFC 7662 section 4): it describes a credential. The token value is
 * never logged (the access log has no bodies).
 */
import type { ServerContext } from '../../context.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { introspect } from '../../public-api/token-introspection.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';

/** IntrospectionRequest's limit: a longer value is no token of ours. */
const MAX_TOKEN_LENGTH = 256;

// Form bodies reach the handler unvalidated (the router validates JSON only), and OAuth has its own error shape.
const INVALID_REQUEST: Schemas['OAuthError'] = {
  error: 'invalid_request',
  error_description: 'token is required: the token to introspect, at most 256 characters.',
};

export function introspectionHandlers(ctx: ServerContext): Record<'introspectToken', OperationHandler> {
  return {
    introspectToken: {
      async handle(request, reply) {
        void reply.header('cache-control', 'no-store');
        const token = (request.body as { token?: unknown } | undefined)?.token;
        if (typeof token !== 'string' || token === '' || token.length > MAX_TOKEN_LENGTH) return reply.code(400).send(INVALID_REQUEST);
        return introspect(ctx, token);
      },
    },
  };
}
