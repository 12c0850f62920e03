/**
 * The logout token of OpenID Connect Back-Channel Logout 1.0: a JWT signed with the provider's keys (its
 * JWKS), for this client, issued recently, naming the logout event, never a `nonce` (so an ID token
 * cannot pass for one), and naming the provider's session (`sid`), its account (`sub`), or both.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { ProviderUnavailableError } from './provider.ts';
import { unreachableStep } from './oidc-errors.ts';

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token older than this is refused: it is meant to be sent at once. */
const MAX_TOKEN_AGE = '10 minutes';

/** Who the provider signed out: a session of it, or every session of an account. */
export interface ProviderLogout {
  sessionId?: string;
  subject?: string;
}

/** The token is not a logout token of this provider for this client; `reason` is for the log. */
export class InvalidLogoutToken extends Error {
  constructor(readonly reason: string) {
    super(`not a valid logout token: ${reason}`);
    this.name = 'InvalidLogoutToken';
  }
}

export interface LogoutTokenVerifier {
  verify(token: string): Promise<ProviderLogout>;
}

/** The JWKS fetch failing (down, timeout, a non-200, not JSON) is the provider's failure, not a bad token. */
function isKeySetFailure(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout) return true;
  if (error instanceof errors.JOSEError) return /JSON Web Key Set HTTP response/.test(error.message);
  return unreachableStep(error, 'signature') !== undefined;
}

export function logoutTokenVerifier(options: { issuer: string; clientId: string; jwksUri: string; timeoutSeconds: number }): LogoutTokenVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUri), { timeoutDuration: options.timeoutSeconds * 1000 });
  return {
    async verify(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer: options.issuer,
          audience: options.clientId,
          requiredClaims: ['iat'],
          maxTokenAge: MAX_TOKEN_AGE,
        }));
      } catch (error) {
        if (isKeySetFailure(error)) throw new ProviderUnavailableError('oidc', 'signature', "the OpenID Provider's keys could not be read", { cause: error });
        throw new InvalidLogoutToken(error instanceof errors.JOSEError ? error.code : 'malformed');
      }
      const events = payload.events;
      if (typeof events !== 'object' || events === null || typeof (events as Record<string, unknown>)[LOGOUT_EVENT] !== 'object')
        throw new InvalidLogoutToken('no back-channel logout event');
      if ('nonce' in payload) throw new InvalidLogoutToken('it holds a nonce');
      const sessionId = typeof payload.sid === 'string' && payload.sid !== '' ? payload.sid : undefined;
      const subject = typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : undefined;
      if (sessionId === undefined && subject === undefined) throw new InvalidLogoutToken('neither sid nor sub');
      return { ...(sessionId === undefined ? {} : { sessionId }), ...(subject === undefined ? {} : { subject }) };
    },
  };
}
