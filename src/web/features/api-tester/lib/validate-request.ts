/**
 * What the Test API button checks, in the order and with the texts users are promised: domain, then
 * token, then each parameter of the call (the ID of a detail call, the size of a list call, ...) by the
 * rules the spec gives it. The first failure is reported.
 */
import type { TesterOperation } from './operations';
import { firstProblem, type ParameterValues } from './parameter-values';

export const DOMAIN_REQUIRED = 'Please select a domain.';
export const TOKEN_REQUIRED = 'API token is required.';

/** `domain`, `token`, or the name of the parameter whose field is wrong. */
export interface ValidationFailure {
  field: string;
  message: string;
}

export function validateRequest(input: { operation: TesterOperation | undefined; token: string; values: ParameterValues }): ValidationFailure | null {
  if (!input.operation) return { field: 'domain', message: DOMAIN_REQUIRED };
  if (!input.token.trim()) return { field: 'token', message: TOKEN_REQUIRED };
  const problem = firstProblem(input.operation, input.values);
  return problem ? { field: problem.name, message: problem.message } : null;
}
