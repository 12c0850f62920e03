/**
 * What the Test API button checks, in the order and with the texts users are promised:
 * domain, then token, then the ID of a detail call (or the size of a list call). The first failure is reported.
 */
import type { Mode } from './operations';
import { MAX_SIZE, MIN_SIZE } from './tester-choices';

export const DOMAIN_REQUIRED = 'Please select a domain.';
export const TOKEN_REQUIRED = 'API token is required.';
export const ID_REQUIRED = 'ID is required for detail view.';
/** The spec's bounds for `size`: the API would answer 400 outside them, so the form says so before sending. */
export const SIZE_OUT_OF_RANGE = `Size must be from ${MIN_SIZE} to ${MAX_SIZE}.`;

export type RequestField = 'domain' | 'token' | 'id' | 'size';

export interface ValidationFailure {
  field: RequestField;
  message: string;
}

/** The size field's problem as typed (digits or empty; empty keeps the current size), or null. */
export function sizeProblem(sizeText: string): string | null {
  if (!/^\d+$/.test(sizeText)) return null;
  const size = Number(sizeText);
  return size < MIN_SIZE || size > MAX_SIZE ? SIZE_OUT_OF_RANGE : null;
}

export function validateRequest(input: { domain: string; token: string; mode: Mode; id: string; sizeText?: string }): ValidationFailure | null {
  if (!input.domain) return { field: 'domain', message: DOMAIN_REQUIRED };
  if (!input.token.trim()) return { field: 'token', message: TOKEN_REQUIRED };
  if (input.mode === 'detail' && !input.id) return { field: 'id', message: ID_REQUIRED };
  const size = input.mode === 'list' && input.sizeText !== undefined ? sizeProblem(input.sizeText) : null;
  if (size) return { field: 'size', message: size };
  return null;
}
