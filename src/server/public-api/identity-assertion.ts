/**
 * The identity a live call carries to the provider's API, in place of the token (whose value never leaves
 * the portal): a JWT signed with the portal's current key (identity-keys.ts) of at most 60 s, naming the
 * account (`sub`, its stable subject), its user type, the token's id and scopes, and the caller's address.
 * The same token from the same address reuses its assertion while more than half its life is left: signing
 * is the costliest step of a proxied call, and a poller makes many calls a minute.
 */
import { SignJWT } from 'jose';
import type { ApiPrincipal } from '../lib/api-principal.ts';
import { displayAddress, NOT_AN_ADDRESS } from '../lib/client-address.ts';
import { IDENTITY_ALGORITHM, type IdentityKeyRing, type SigningKey } from './identity-keys.ts';

export const ASSERTION_LIFETIME_SECONDS = 60;
const REUSE_WHILE_LEFT_MS = (ASSERTION_LIFETIME_SECONDS * 1000) / 2;
const MAX_KEPT = 10_000;

/** The claims beside the registered ones (iss, aud, sub, iat, exp), as the provider integration document declares them. */
export interface IdentityClaims {
  user_type: string;
  token_id: number;
  /** Space-separated domains; every domain of the account's API when the token has no scopes. */
  scope: string;
  client_ip: string;
}

export interface IdentityAsserter {
  /** The signed identity for one call: at once when a recent one is kept, else once signed. */
  assert(principal: ApiPrincipal, address: string): string | Promise<string>;
}

export function createIdentityAsserter(options: {
  ring: IdentityKeyRing;
  issuer: string;
  audience: string;
  now: () => number;
  /** Every domain of each user type's API, for a token without scopes. */
  allDomains: (userType: ApiPrincipal['userType']) => readonly string[];
}): IdentityAsserter {
  const kept = new Map<string, { jwt: string; expiresAt: number; kid: string }>();

  async function sign(principal: ApiPrincipal, address: string, key: SigningKey, cacheKey: string): Promise<string> {
    const issuedAt = Math.floor(options.now() / 1000);
    const claims: IdentityClaims = {
      user_type: principal.userType,
      token_id: principal.tokenId,
      scope: (principal.scopes ?? options.allDomains(principal.userType)).join(' '),
      client_ip: address,
    };
    const jwt = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: IDENTITY_ALGORITHM, kid: key.kid, typ: 'JWT' })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setSubject(principal.subject)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_LIFETIME_SECONDS)
      .sign(key.key);
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(cacheKey, { jwt, expiresAt: (issuedAt + ASSERTION_LIFETIME_SECONDS) * 1000, kid: key.kid });
    return jwt;
  }

  return {
    assert(principal, given) {
      // Canonical by the strict rule: a forwarded value that is not an address never travels upstream.
      const address = displayAddress(given) ?? NOT_AN_ADDRESS;
      // Scopes are part of the key: a change to them (which also evicts the token's cache) signs anew.
      const cacheKey = `${principal.tokenId}|${address}|${principal.scopes?.join(',') ?? '*'}`;
      const found = kept.get(cacheKey);
      const key = options.ring.signingKey();
      if (key instanceof Promise) return key.then((loaded) => sign(principal, address, loaded, cacheKey));
      if (found !== undefined && found.kid === key.kid && found.expiresAt - options.now() > REUSE_WHILE_LEFT_MS) return found.jwt;
      return sign(principal, address, key, cacheKey);
    },
  };
}
