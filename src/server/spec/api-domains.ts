import { FAMILY, type UserType } from '../../shared/api-family.ts';
import { routableOperations, type OpenApiDocument } from './openapi-document.ts';

/** Each API's domains (x-domain of its public operations), in the spec's order: what a token's scopes may name. */
export function apiDomainsOf(spec: OpenApiDocument): Record<UserType, readonly string[]> {
  const domains: Record<UserType, string[]> = { SELLER: [], WAREHOUSE: [] };
  for (const op of routableOperations(spec)) {
    if (op.family === null || op.domain === null) continue;
    const list = domains[FAMILY[op.family].userType];
    if (!list.includes(op.domain)) list.push(op.domain);
  }
  return domains;
}
