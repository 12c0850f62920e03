/**
 * The provider's own API, when the portal reaches it (UPSTREAM_API_URL): the keys and signer of the
 * identity live calls carry. Undefined without an upstream, where every token is a sandbox token.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { TokenKeys } from '../io/token-keys.ts';
import type { UserType } from '../../shared/api-family.ts';
import { createIdentityAsserter, type IdentityAsserter } from './identity-assertion.ts';
import { createIdentityKeyRing, type IdentityKeyRing } from './identity-keys.ts';

export interface ProviderApi {
  /** UPSTREAM_API_URL, without a trailing slash. */
  url: string;
  /** The `iss` of every identity: PUBLIC_ORIGIN. */
  issuer: string;
  keyRing: IdentityKeyRing;
  asserter: IdentityAsserter;
}

export function createProviderApi(
  config: Config,
  deps: { db: () => Database; keys: TokenKeys; now: () => number; apiDomains: Record<UserType, readonly string[]> },
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
  return { url: config.upstreamApiUrl, issuer: config.publicOrigin, keyRing, asserter };
}
