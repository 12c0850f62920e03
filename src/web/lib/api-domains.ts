/**
 * The public API's domains (x-domain of its operations), from the catalogue that `npm run generate` derives
 * from the spec: what the tester offers, what a token's access may name. Never listed by hand.
 */
import { catalogue } from '../../generated/catalogue';
import type { ApiFamily } from '../../shared/openapi/portal-extensions';

export type { ApiFamily };

export const API_NAMES: Record<ApiFamily, string> = { seller: 'Seller API', warehouse: 'Warehouse API' };

/** The family whose API a user type's tokens reach. */
export function familyOfUserType(userType: string): ApiFamily {
  return userType === 'WAREHOUSE' ? 'warehouse' : 'seller';
}

/** The domains of one API, in the spec's order. */
export function apiDomains(family: ApiFamily, operations = catalogue.operations): string[] {
  return [...new Set(operations.filter((op) => op.family === family).map((op) => op.domain))];
}

/** "warehouses" -> "Warehouses" for menus and chips. */
export function domainLabel(domain: string): string {
  return domain.charAt(0).toUpperCase() + domain.slice(1);
}
