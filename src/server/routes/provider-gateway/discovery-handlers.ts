/**
 * getIdentityKeys and getAuthorizationServerMetadata: what a provider's API and gateway read to trust the
 * portal, at the origin's well-known URIs. Without a provider API (UPSTREAM_API_URL unset) the portal signs
 * no identities and introspects nothing: both answer 404.
 */
import type { ServerContext } from '../../context.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Schemas } from '../../lib/schemas.ts';
import type { ProviderApi } from '../../public-api/provider-api.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';

const NO_PROVIDER_API = 'This portal reaches no provider API (UPSTREAM_API_URL is unset): it signs no identities and introspects no tokens.';

// A verifier may keep the set for an hour: new keys are published a day before they sign.
const KEY_SET_CACHE = 'public, max-age=3600';

function providerApiOf(ctx: ServerContext): ProviderApi {
  if (ctx.providerApi === undefined) throw new HttpError(404, NO_PROVIDER_API);
  return ctx.providerApi;
}

export function discoveryHandlers(ctx: ServerContext): Record<'getIdentityKeys' | 'getAuthorizationServerMetadata', OperationHandler> {
  return {
    getIdentityKeys: {
      async handle(_request, reply) {
        const keySet = await providerApiOf(ctx).keyRing.keySet();
        return reply.header('cache-control', KEY_SET_CACHE).send(keySet);
      },
    },
    getAuthorizationServerMetadata: {
      async handle() {
        const { issuer } = providerApiOf(ctx);
        const metadata: Schemas['AuthorizationServerMetadata'] = {
          issuer,
          jwks_uri: `${issuer}/.well-known/jwks.json`,
          introspection_endpoint: `${issuer}/api/gateway/introspect`,
          introspection_endpoint_auth_methods_supported: ['client_secret_basic'],
          response_types_supported: [],
        };
        return metadata;
      },
    },
  };
}
