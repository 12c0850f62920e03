/**
 * What went wrong talking to the OpenID Provider, in the two kinds the portal answers differently: the
 * provider or the checks refused this sign-in (a tampered `state`, a code used twice, a wrong `nonce`, an
 * expired ID token, the provider's own `error`): the login page's "Login failed"; or the provider could not
 * be reached or answered wrongly: a ProviderUnavailableError (503, never a wrong password).
 */
import { ProviderUnavailableError, type ProviderStep } from './provider.ts';

/** A sign-in the provider or the relying party's checks refused; `reason` is for the server log (no secret). */
export class OidcRefusal extends Error {
  constructor(readonly reason: string) {
    super(`the OpenID sign-in was refused: ${reason}`);
    this.name = 'OidcRefusal';
  }
}

/** The answers of openid-client (oauth4webapi) that mean the provider did not answer as it should. */
const UNUSABLE_ANSWERS = new Set([
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
  'OAUTH_INVALID_SERVER_METADATA',
  'OAUTH_MISSING_SERVER_METADATA',
]);

interface Coded {
  name?: unknown;
  code?: unknown;
  status?: unknown;
  error?: unknown;
  message?: unknown;
  cause?: unknown;
}

function chain(error: unknown): Coded[] {
  const found: Coded[] = [];
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && found.length < 8) {
    found.push(current as Coded);
    current = (current as Coded).cause;
  }
  return found;
}

/** The step that failed when `error` means the provider could not be reached or answered wrongly; undefined for a refusal. */
export function unreachableStep(error: unknown, step: ProviderStep): ProviderStep | undefined {
  for (const link of chain(error)) {
    // fetch's own failure (refused, reset, DNS) and the timeout's abort.
    if (link.name === 'TimeoutError' || link.name === 'AbortError') return 'connect';
    if (link.name === 'TypeError' && link.message === 'fetch failed') return 'connect';
    if (typeof link.code === 'string' && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|UND_ERR_)/.test(link.code)) return 'connect';
    if (typeof link.code === 'string' && /CERT|TLS|SSL/.test(link.code)) return 'tls';
    if (typeof link.code === 'string' && UNUSABLE_ANSWERS.has(link.code)) return step;
    // An error body with a 5xx: the provider failed, it did not refuse.
    if (link.name === 'ResponseBodyError' && typeof link.status === 'number' && link.status >= 500) return step;
  }
  return undefined;
}

/** Safe to log: the error's name and code, and the provider's OAuth error code, never a value it was sent. */
export function describeFailure(error: unknown): string {
  const first = chain(error)[0];
  if (first === undefined) return String(error);
  const parts = [first.name, first.code, first.error].filter((part): part is string => typeof part === 'string' && part !== '');
  const message = typeof first.message === 'string' ? first.message : '';
  return `${parts.join(' ')}: ${message}`;
}

/** `error` as a ProviderUnavailableError when it means the provider is unreachable, else as a refusal. */
export function asOidcFailure(error: unknown, step: ProviderStep): ProviderUnavailableError | OidcRefusal {
  if (error instanceof ProviderUnavailableError || error instanceof OidcRefusal) return error;
  const unreachable = unreachableStep(error, step);
  if (unreachable !== undefined) return new ProviderUnavailableError('oidc', unreachable, `the OpenID Provider failed at ${step}: ${describeFailure(error)}`);
  return new OidcRefusal(describeFailure(error));
}
