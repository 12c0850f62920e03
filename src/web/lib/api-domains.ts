/**
 * The public API's domains (x-domain of its operations), from the catalogue that `npm run generate` derives
 * from the spec: what the tester offers, what a token's access may name. Never listed by hand.
 */
import { catalogue } from '../../generated/catalogue';
import { domainsOfFamily, type ApiFamily } from '../../shared/api-family';

/** The domains of one API, in the spec's order. */
export function apiDomains(family: ApiFamily, operations = catalogue.operations): string[] {
  return domainsOfFamily(operations, family);
}

/** "warehouses" -> "Warehouses" for menus and chips. */
export function domainLabel(domain: string): string {
  return domain.charAt(0).toUpperCase() + domain.slice(1);
}
