/**
 * Between the tester and its history: the entry a sent request makes (the chosen token by title and
 * creation date, a pasted one not at all), and the choices and token an entry gives back.
 */
import { buildQuery, buildRequestPath, buildRequestUrl } from './build-request';
import type { TesterOperation } from './operations';
import type { HistoryEntry } from './request-history';
import type { TesterChoices } from './tester-choices';

/** What the history needs of the user's own tokens. */
export interface KnownToken {
  token: string;
  title: string;
  createdDate: string;
}

export interface SentRequest {
  operation: TesterOperation;
  id: string;
  page: number;
  size: number;
  token: string;
}

export function historyEntryFor(request: SentRequest, status: number | null, tokens: readonly KnownToken[] | undefined, at: number): HistoryEntry {
  const own = tokens?.find((candidate) => candidate.token === request.token.trim());
  const path = buildRequestUrl('', buildRequestPath(request.operation, request.id), buildQuery(request.operation, request));
  return {
    at,
    operationId: request.operation.operationId,
    method: 'GET',
    path,
    status,
    id: request.operation.mode === 'detail' ? request.id : '',
    page: request.page,
    size: request.size,
    token: own ? { title: own.title, createdDate: own.createdDate } : null,
  };
}

/** The choices an entry restores; undefined when its operation is no longer in the spec. */
export function choicesFromEntry(entry: HistoryEntry, operations: readonly TesterOperation[]): TesterChoices | undefined {
  const operation = operations.find((candidate) => candidate.operationId === entry.operationId);
  if (!operation) return undefined;
  return {
    api: operation.family,
    domain: operation.domain,
    mode: operation.mode,
    orderType: operation.orderType ?? 'normal',
    id: entry.id,
    page: entry.page,
    size: entry.size,
  };
}

/** The user's token an entry names, if it still exists. */
export function tokenFromEntry<T extends KnownToken>(entry: HistoryEntry, tokens: readonly T[] | undefined): T | undefined {
  const wanted = entry.token;
  if (!wanted) return undefined;
  return tokens?.find((candidate) => candidate.createdDate === wanted.createdDate && candidate.title === wanted.title);
}
