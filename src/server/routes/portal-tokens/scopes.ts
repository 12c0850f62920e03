/**
 * A new token's access: the spec's enum (ApiTokenScope) already refused unknown domains; here a scope must
 * also be a domain of the account's own API, since a seller token can never read `inventory`.
 */
import { HttpError } from '../../lib/http-error.ts';
import { FAMILY, familyOfUserType, type UserType } from '../../../shared/api-family.ts';

/** The scopes to store, in the API's order; null (every domain) stays null. A 400 names the field. */
export function checkScopes(scopes: readonly string[] | null, userType: UserType, domains: readonly string[]): string[] | null {
  if (scopes === null) return null;
  const foreign = scopes.find((scope) => !domains.includes(scope));
  if (foreign !== undefined) {
    throw new HttpError(400, `scopes: ${foreign} is not a domain of the ${FAMILY[familyOfUserType(userType)].apiName} (${domains.join(', ')})`);
  }
  return domains.filter((domain) => scopes.includes(domain));
}
