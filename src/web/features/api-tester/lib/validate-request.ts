/**
 * What the Test API button checks, in the order and with the texts users are promised:
 * domain, then token, then the ID of a detail call. The first failure is reported.
 */
import type { Mode } from './operations';

export const DOMAIN_REQUIRED = 'Please select a domain.';
export const TOKEN_REQUIRED = 'API token is required.';
export const ID_REQUIRED = 'ID is required for detail view.';

export type RequestField = 'domain' | 'token' | 'id';

export interface ValidationFailure {
  field: RequestField;
  message: string;
}

export function validateRequest(input: { domain: string; token: string; mode: Mode; id: string }): ValidationFailure | null {
  if (!input.domain) return { field: 'domain', message: DOMAIN_REQUIRED };
  if (!input.token.trim()) return { field: 'token', message: TOKEN_REQUIRED };
  if (input.mode === 'detail' && !input.id) return { field: 'id', message: ID_REQUIRED };
  return null;
}
