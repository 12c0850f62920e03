/** Whom a public API request acts for, once its token is verified (public-api/access-decision.ts decides it). */
import type { UserType } from '../../shared/api-family.ts';
import type { TokenEnvironment } from '../../shared/token-environment.ts';

export interface ApiPrincipal {
  tokenId: number;
  userId: number;
  userType: UserType;
  /** The warehouse a WAREHOUSE account runs; null for sellers. */
  warehouseId: number | null;
  /** Where the call is answered: the portal's sandbox, or the provider's API. */
  environment: TokenEnvironment;
  /** The account's stable subject as the provider's API knows it (accountSubject). */
  subject: string;
  /** The domains the token may read; null: every domain of its API. */
  scopes: readonly string[] | null;
}

/**
 * The account's stable subject: the one its sign-in provider gave (LDAP entry UUID, OpenID `sub`, the
 * warehouse system's id), or for the portal's own accounts `portal:` and the account's id. What the
 * provider's API receives as `sub`, and what forward-auth and introspection answer.
 */
export function accountSubject(userId: number, providerSubject: string | null): string {
  return providerSubject ?? `portal:${userId}`;
}
