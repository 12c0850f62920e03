import { API_FAMILIES, domainsOfFamily, FAMILY, type UserType } from '../../shared/api-family.ts';
import { routableOperations, type OpenApiDocument } from './openapi-document.ts';

/** Each API's domains (x-domain of its public operations), in the spec's order: what a token's scopes may name. */
export function apiDomainsOf(spec: OpenApiDocument): Record<UserType, readonly string[]> {
  const operations = routableOperations(spec).flatMap(({ family, domain }) => (family === null || domain === null ? [] : [{ family, domain }]));
  return Object.fromEntries(API_FAMILIES.map((family) => [FAMILY[family].userType, domainsOfFamily(operations, family)])) as Record<UserType, string[]>;
}
