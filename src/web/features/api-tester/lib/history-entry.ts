/**
 * Between the tester and its history: the entry a sent request makes (the chosen token by title and
 * creation date, a pasted one not at all), and the state and token an entry gives back.
 */
import { buildQuery, buildRequestPath, buildRequestUrl } from './build-request';
import type { TesterOperation, TesterOperations } from './operations';
import { valuesForUrl, valuesFromUrl, type ParameterValues } from './parameter-values';
import type { HistoryEntry } from './request-history';
import type { TesterState } from './tester-state';

/** What the history needs of the user's own tokens. */
export interface KnownToken {
  token: string;
  title: string;
  createdDate: string;
}

export interface SentRequest {
  operation: TesterOperation;
  values: ParameterValues;
  token: string;
}

export function historyEntryFor(request: SentRequest, status: number | null, tokens: readonly KnownToken[] | undefined, at: number): HistoryEntry {
  const own = tokens?.find((candidate) => candidate.token === request.token.trim());
  const path = buildRequestUrl('', buildRequestPath(request.operation, request.values), buildQuery(request.operation, request.values));
  return {
    at,
    operationId: request.operation.operationId,
    method: 'GET',
    path,
    status,
    // As the tester's URL writes them: `id` for a call's one id.
    params: Object.fromEntries(valuesForUrl(request.operation, request.values)),
    token: own ? { title: own.title, createdDate: own.createdDate } : null,
  };
}

/** The state an entry restores; undefined when its operation is no longer in the spec. */
export function stateFromEntry(entry: HistoryEntry, operations: TesterOperations): TesterState | undefined {
  const operation = operations.byId.get(entry.operationId);
  if (!operation) return undefined;
  return { family: operation.family, operationId: operation.operationId, values: valuesFromUrl(operation, new URLSearchParams(entry.params)) };
}

/** The user's token an entry names, if it still exists. */
export function tokenFromEntry<T extends KnownToken>(entry: HistoryEntry, tokens: readonly T[] | undefined): T | undefined {
  const wanted = entry.token;
  if (!wanted) return undefined;
  return tokens?.find((candidate) => candidate.createdDate === wanted.createdDate && candidate.title === wanted.title);
}
