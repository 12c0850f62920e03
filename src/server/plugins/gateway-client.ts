/**
 * The gatewayClient security scheme: a gateway of GATEWAY_CLIENTS authenticates with client_secret_basic
 * (lib/client-secret-basic.ts). Checked when the request arrives, before its body is read, so nobody else
 * has a token looked up. Refused with RFC 6749's `invalid_client` and a Basic challenge (section 5.2);
 * with GATEWAY_CLIENTS unset every client is unknown.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { authenticatedClient, basicCredentials } from '../lib/client-secret-basic.ts';
import type { Schemas } from '../lib/schemas.ts';

const INVALID_CLIENT: Schemas['OAuthError'] = { error: 'invalid_client' };

export function requireGatewayClient(ctx: Pick<ServerContext, 'config'>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const client = authenticatedClient(ctx.config.gatewayClients ?? [], basicCredentials(request.headers.authorization));
    if (client !== undefined) return undefined;
    return reply.code(401).header('www-authenticate', 'Basic realm="gateway"').header('cache-control', 'no-store').send(INVALID_CLIENT);
  };
}
