/**
 * A new token's access: the spec's enum (ApiTokenScope) already refused unknown domains; here a scope must
 * also be a domain of the account's own API, since a seller token can never read `inventory`.
 */
import { HttpError } from '../../lib/http-error.ts';
import type { UserType } from '../../repositories/users-repository.ts';

const API_NAME: Record<UserType, string> = { SELLER: 'Seller API', WAREHOUSE: 'Warehouse API' };

/** The scopes to store, in the API's order; null (every domain) stays null. A 400 names the field. */
export function checkScopes(scopes: readonly string[] | null, userType: UserType, domains: readonly string[]): string[] | null {
  if (scopes === null) return null;
  const foreign = scopes.find((scope) => !domains.includes(scope));
  if (foreign !== undefined) {
    throw new HttpError(400, `scopes: ${foreign} is not a domain of the ${API_NAME[userType]} (${domains.join(', ')})`);
  }
  return domains.filter((domain) => scopes.includes(domain));
}
