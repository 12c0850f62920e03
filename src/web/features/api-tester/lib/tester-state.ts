/**
 * The tester's state is an operationId and a value per parameter the spec declares for it; it lives in the
 * page URL so a call can be shared and reloaded: `/api-test?operation=listSellerNormalOrders&page=2`,
 * `/api-test?operation=getSellerReturnOrder&id=12` (a call's one id is `id`; other parameters by name).
 * Before a call is chosen, only the API family: `/api-test?family=warehouse`. The token is never part of
 * the URL. (Links of an older form are rewritten once by the route, src/web/app/routes/older-tester-link.ts.)
 */
import { isApiFamily, type ApiFamily } from '../../../../shared/api-family';
import type { TesterOperations } from './operations';
import { valuesForUrl, valuesFromUrl, type ParameterValues } from './parameter-values';

export interface TesterState {
  family: ApiFamily;
  /** null until a domain (and so a call) is chosen. */
  operationId: string | null;
  /** Text per parameter name, as typed; a parameter not here shows its default. */
  values: ParameterValues;
}

/** Reads the state from the URL; anything unknown falls back to a default rather than failing. */
export function parseTesterState(params: URLSearchParams, operations: TesterOperations, defaultFamily: ApiFamily): TesterState {
  const asked = params.get('family');
  const family = isApiFamily(asked) ? asked : defaultFamily;
  const operation = operations.byId.get(params.get('operation') ?? '');
  if (!operation) return { family, operationId: null, values: {} };
  return { family: operation.family, operationId: operation.operationId, values: valuesFromUrl(operation, params) };
}

/** The URL of a state: the operationId and the values that differ from their defaults. Never the token. */
export function testerStateToParams(state: TesterState, operations: TesterOperations): URLSearchParams {
  const operation = operations.byId.get(state.operationId ?? '');
  if (!operation) return new URLSearchParams({ family: state.family });
  return new URLSearchParams([['operation', operation.operationId], ...valuesForUrl(operation, state.values)]);
}

/** The operationId a URL asks for when the spec has no such operation (the screen says so), else null. */
export function unknownOperation(params: URLSearchParams, operations: TesterOperations): string | null {
  const asked = params.get('operation');
  return asked && !operations.byId.has(asked) ? asked : null;
}
