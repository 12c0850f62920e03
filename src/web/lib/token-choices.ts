/**
 * Which of the user's own tokens are offered, which one is filled in by itself, and how each is marked
 * (expired, expiring, no access to the call's domain, live). API Test, "Try it" and the code samples offer
 * tokens by these rules, through the one chooser (src/web/components/token-chooser.tsx).
 */
import { FAMILY, type ApiFamily } from '../../shared/api-family';
import { addressAllowed } from '../../shared/ip-allowlist';
import { expiryLabel, expiryState } from '../../shared/portal-data/token-expiry';
import type { ApiToken } from './api-tokens';
import { hasAccess } from './token-access';
import { withEnvironment } from './token-display';

/** The tokens offered: a revoked token answers 401 to everything, nothing to call or fill in with. */
export function offeredTokens<T extends Pick<ApiToken, 'revocation'>>(tokens: readonly T[]): T[] {
  return tokens.filter((token) => token.revocation === null);
}

/** A choice's title: a live token's says so, as its calls reach real data; '' for no token. */
export function choiceTitle(token: Pick<ApiToken, 'title' | 'environment'> | undefined): string {
  return token === undefined ? '' : withEnvironment(token.title, token.environment);
}

/** Why the user's tokens are not offered for a call of `family`; null when they are. */
export function tokensUnavailableReason(userFamily: ApiFamily, family: ApiFamily): string | null {
  if (userFamily === family) return null;
  return `Your tokens reach the ${FAMILY[userFamily].apiName} only. The ${FAMILY[family].apiName} needs a token of a ${family} account: paste one below.`;
}

/** The one token the form can fill in by itself: when exactly one is not expired. */
export function onlyUsableToken<T extends { expiryDate: string }>(tokens: readonly T[], now: Date): T | undefined {
  const usable = tokens.filter((token) => expiryState(token.expiryDate, now).kind !== 'expired');
  return usable.length === 1 ? usable[0] : undefined;
}

/**
 * The token filled in once the list arrives, when the user's tokens fit the call's API: the one a link
 * names by its id, else (with nothing typed yet) exactly one usable token.
 */
export function preselectedToken<T extends { id: number; expiryDate: string }>(input: {
  tokens: readonly T[];
  fits: boolean;
  askedId: string | null;
  current: string;
  now: Date;
}): T | undefined {
  if (!input.fits) return undefined;
  const asked = input.askedId === null ? undefined : input.tokens.find((token) => String(token.id) === input.askedId);
  if (asked) return asked;
  return input.current === '' ? onlyUsableToken(input.tokens, input.now) : undefined;
}

export interface TokenMarks {
  /** Shown but not selectable. */
  expired: boolean;
  /** "Expires in 3 days", "Expires today"; null when expired or far from expiry. */
  badge: string | null;
  /** Its access lacks the call's domain: it can still be chosen, and the call answers 403. */
  lacksDomain: boolean;
  /** This browser's address when the token's IP allowlist leaves it out (its calls from here answer 403); else null. */
  outsideAddress: string | null;
}

/** `clientAddress`: this browser's address as the server sees it, once known. */
export function tokenMarks(
  token: Pick<ApiToken, 'expiryDate' | 'scopes' | 'ipAllowlist'>,
  domain: string | undefined,
  now: Date,
  clientAddress?: string,
): TokenMarks {
  const state = expiryState(token.expiryDate, now);
  const expired = state.kind === 'expired';
  const outside = clientAddress !== undefined && token.ipAllowlist.length > 0 && !addressAllowed(token.ipAllowlist, clientAddress);
  return {
    expired,
    badge: expired ? null : expiryLabel(state),
    lacksDomain: Boolean(domain) && !hasAccess(token, domain ?? ''),
    outsideAddress: outside ? clientAddress : null,
  };
}

/** A menu item's note for a token that cannot be used from this browser. */
export function outsideAddressNote(address: string): string {
  return `Not from this address (${address}): calls answer 403`;
}
