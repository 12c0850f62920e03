/**
 * What RFC 7662 introspection answers about a presented value. Not decideCall: a gateway asks once about a
 * token, not per call, and may keep the answer, so there is no call to count against the rate limit, and
 * the caller's address is not sent, so the IP allowlist cannot be checked (docs/gateway.md says what that
 * leaves to the gateway). The rest is decideCall's: the same verified lookup (unknown, deleted, revoked,
 * tampered or of a closed account is no row) and the same end checked against ctx.now.
 *
 * Only a live token can be active, and only while the portal reaches the provider's API: a sandbox token's
 * calls are the portal's own (docs/decisions/032-token-authority-for-the-provider-api.md). Anything else is
 * `{active: false}` and nothing more, so the answer says nothing about why.
 */
import type { ServerContext } from '../context.ts';
import { accountSubject } from '../lib/api-principal.ts';
import type { Schemas } from '../lib/schemas.ts';
import type { TokenPrincipalRow } from '../repositories/api-tokens-repository.ts';
import { findPresentedToken } from './token-lookup.ts';

type Introspection = Schemas['IntrospectionResponse'];
type IntrospectionContext = Pick<ServerContext, 'tokenCache' | 'keys' | 'db' | 'now' | 'apiDomains' | 'providerApi'>;

const INACTIVE: Introspection = Object.freeze({ active: false });

const seconds = (instant: Date): number => Math.floor(instant.getTime() / 1000);

function answerFor(ctx: IntrospectionContext, row: TokenPrincipalRow | undefined): Introspection {
  if (row === undefined || row.environment !== 'live' || ctx.providerApi === undefined) return INACTIVE;
  if (row.expires_at.getTime() <= ctx.now()) return INACTIVE;
  return {
    active: true,
    scope: (row.scopes ?? ctx.apiDomains[row.user_type]).join(' '),
    sub: accountSubject(row.user_id, row.subject),
    exp: seconds(row.expires_at),
    ...(row.issued_at === null ? {} : { iat: seconds(row.issued_at) }),
    token_type: 'api_token',
    client_id: String(row.id),
    user_type: row.user_type,
    environment: row.environment,
  };
}

/** The answer for a presented token value: active with what the token is, or only `active: false`. */
export async function introspect(ctx: IntrospectionContext, value: string): Promise<Introspection> {
  return answerFor(ctx, await findPresentedToken(ctx, value));
}
