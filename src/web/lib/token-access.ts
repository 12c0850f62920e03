/**
 * What a token may read (its `scopes`; null for every domain of its API) in words, shared by Settings, the
 * shell's reminder, the API tester and the reference pages' token picker so all say the same thing.
 */
import type { ApiToken } from './api-tokens';
import { FAMILY, type ApiFamily } from '../../shared/api-family';
import { domainLabel } from './api-domains';

export type TokenScope = NonNullable<ApiToken['scopes']>[number];

export function hasAccess(token: Pick<ApiToken, 'scopes'>, domain: string): boolean {
  return token.scopes === null || (token.scopes as readonly string[]).includes(domain);
}

/** "All Seller API domains", or the domains by name: "Orders, Products". */
export function accessSummary(token: Pick<ApiToken, 'scopes'>, family: ApiFamily): string {
  return token.scopes === null ? `All ${FAMILY[family].apiName} domains` : token.scopes.map(domainLabel).join(', ');
}

/** The answer a call outside a token's access gets (openapi/components/responses/NoAccessTo*.yaml). */
export function noAccessMessage(domain: string): string {
  return `This token has no access to ${domain}.`;
}
