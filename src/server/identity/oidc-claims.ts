/**
 * The account an OpenID Provider vouches for, from its ID token's claims (and userinfo's, when the ID
 * token does not carry them): `sub` is the subject, `email` is required and lower-cased, and the user
 * types are read from OIDC_USER_TYPE_CLAIM, a string or an array; values other than SELLER and WAREHOUSE
 * are ignored (a directory group of other applications, say).
 */
import { isUserType, type UserType } from '../../shared/api-family.ts';
import { ProviderUnavailableError, type ExternalAccount } from './provider.ts';

export type Claims = Record<string, unknown>;

/** Whether `claims` already hold what an account needs (userinfo is asked otherwise). */
export function holdsAccountClaims(claims: Claims, userTypeClaim: string): boolean {
  return typeof claims.email === 'string' && claims[userTypeClaim] !== undefined;
}

export function userTypesOf(value: unknown): UserType[] {
  const values = Array.isArray(value) ? value : [value];
  return [...new Set(values.filter(isUserType))];
}

/**
 * The account from `claims`; a provider that sends no subject or no email is misconfigured (its claim
 * mapping), which the operator must fix: a ProviderUnavailableError naming the claim step.
 */
export function accountFromClaims(claims: Claims, userTypeClaim: string): ExternalAccount {
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new ProviderUnavailableError('oidc', 'claim', 'the ID token has no sub');
  if (typeof claims.email !== 'string' || !claims.email.includes('@'))
    throw new ProviderUnavailableError('oidc', 'claim', 'neither the ID token nor userinfo holds an email claim');
  return { subject: claims.sub, email: claims.email.toLowerCase(), userTypes: userTypesOf(claims[userTypeClaim]) };
}
