/**
 * The provider's own API, when the portal reaches it (UPSTREAM_API_URL): the keys and signer of the
 * identity live calls carry, the pooled connections they are forwarded over and the contract their answers
 * are held to (live-calls.ts). Undefined without an upstream, where every token is a sandbox token.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { TokenKeys } from '../io/token-keys.ts';
import { createUpstreamClient, type UpstreamClient } from '../io/upstream-client.ts';
import type { OpenApiDocument } from '../spec/openapi-document.ts';
import type { UserType } from '../../shared/api-family.ts';
import { createIdentityAsserter, type IdentityAsserter } from './identity-assertion.ts';
import { createIdentityKeyRing, type IdentityKeyRing } from './identity-keys.ts';
import { createUpstreamContract, type UpstreamContract } from './upstream-contract.ts';

/** The largest body taken from the upstream: a page of the spec's largest size is far below it. */
export const MAX_UPSTREAM_BODY_BYTES = 8 * 1024 * 1024;
/** What the upstream's logs see in User-Agent. */
const USER_AGENT = 'developer-portal (live calls)';

export interface ProviderApi {
  /** UPSTREAM_API_URL, without a trailing slash. */
  url: string;
  /** The `iss` of every identity: PUBLIC_ORIGIN. */
  issuer: string;
  keyRing: IdentityKeyRing;
  asserter: IdentityAsserter;
  /** The connections to UPSTREAM_API_URL, bounded (closed with the app). */
  upstream: UpstreamClient;
  contract: UpstreamContract;
}

export function createProviderApi(
  config: Config,
  deps: { db: () => Database; keys: TokenKeys; now: () => number; apiDomains: Record<UserType, readonly string[]>; spec: OpenApiDocument },
): ProviderApi | undefined {
  if (config.upstreamApiUrl === undefined || config.publicOrigin === undefined) return undefined;
  const keyRing = createIdentityKeyRing({
    get db() {
      return deps.db();
    },
    keys: deps.keys,
    now: deps.now,
    keyDays: config.identityKeyDays,
  });
  const asserter = createIdentityAsserter({
    ring: keyRing,
    issuer: config.publicOrigin,
    audience: config.upstreamAudience ?? new URL(config.upstreamApiUrl).origin,
    now: deps.now,
    allDomains: (userType) => deps.apiDomains[userType],
  });
  const upstream = createUpstreamClient({
    url: config.upstreamApiUrl,
    timeoutMs: config.upstreamTimeoutMs,
    maxInFlight: config.upstreamMaxInFlight,
    maxBodyBytes: MAX_UPSTREAM_BODY_BYTES,
    userAgent: USER_AGENT,
  });
  return { url: config.upstreamApiUrl, issuer: config.publicOrigin, keyRing, asserter, upstream, contract: createUpstreamContract(deps.spec) };
}
