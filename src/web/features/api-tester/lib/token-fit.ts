/**
 * Which of the user's tokens a call can use: a user's tokens reach only their own API, and an expired one
 * reaches nothing. API Test and "Try it" on the reference pages offer tokens by these rules.
 */
import { FAMILY, type ApiFamily } from '../../../../shared/api-family';
import { expiryState } from '../../../../shared/portal-data/token-expiry';

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
