/**
 * The tester's call: GET of any public operation, its path and query filled from the parameter values,
 * with the token header, through the app's one client (its middleware, base URL handling and error
 * normalising). The operation is picked at run time from the catalogue, so the compile-time path typing
 * cannot apply here. API Test and "Try it" on the reference pages both send through here.
 */
import { useMutation } from '@tanstack/react-query';
import { brand } from '../../../../generated/brand';
import { apiClient, PUBLIC_API_BASE } from '../../../lib/api-client';
import { buildHeaders, buildQuery, buildRequestPath, buildRequestUrl } from '../lib/build-request';
import type { ApiFamily, TesterOperation } from '../lib/operations';
import type { ParameterValues } from '../lib/parameter-values';
import { lastAnswerFor, rememberAnswer } from '../lib/last-answers';
import { byteLength, parseBody, tokenFamilyOf } from '../lib/response-info';

export interface TesterRequest {
  operation: TesterOperation;
  /** Text per parameter name (parameter-values.ts). */
  values: ParameterValues;
  token: string;
}

export interface TesterResponse {
  status: number;
  statusText: string;
  ok: boolean;
  body: unknown;
  isJson: boolean;
  text: string;
  durationMs: number;
  sizeBytes: number;
  /** Every response header, as received (names lower-case). */
  headers: [string, string][];
  /** When it arrived (epoch ms): the rate-limit reset counts down from here. */
  receivedAt: number;
  /** The request that produced it (without the token). */
  operation: TesterOperation;
  values: ParameterValues;
  /** 304 Not Modified: the API confirmed the body of the last call is current; `text` and `body` are that body. */
  notModified: boolean;
  /** The API the token's visible prefix names (null: neither), to explain a 401; the token itself is not kept. */
  tokenFamily: ApiFamily | null;
}

type DynamicGet = (
  path: string,
  init: {
    baseUrl: string;
    params: { query?: Record<string, string> };
    headers: Record<string, string>;
    parseAs: 'text';
    cache: RequestCache;
    signal?: AbortSignal;
  },
) => Promise<{ data?: string; error?: unknown; response: Response }>;

export async function callPublicApi(request: TesterRequest, signal?: AbortSignal): Promise<TesterResponse> {
  const get = apiClient.GET as unknown as DynamicGet;
  const started = performance.now();
  const query = buildQuery(request.operation, request.values);
  const path = buildRequestPath(request.operation, request.values);
  const requestKey = buildRequestUrl('', path, query);
  const last = lastAnswerFor(requestKey);
  const result = await get(path, {
    baseUrl: PUBLIC_API_BASE,
    params: query ? { query } : {},
    headers: { ...buildHeaders(brand.apiTokenHeader, request.token), ...(last ? { 'If-None-Match': last.etag } : {}) },
    parseAs: 'text',
    // The browser's cache would answer a 304 with its stored 200; the tester shows what the API said.
    cache: 'no-store',
    signal,
  });
  const durationMs = performance.now() - started;
  const notModified = result.response.status === 304 && last !== undefined;
  const raw = result.data ?? result.error;
  // A 304 has no body (the client's error normalising would stand one in).
  const received = result.response.status === 304 ? '' : typeof raw === 'string' ? raw : raw === undefined ? '' : JSON.stringify(raw);
  const text = notModified ? last.text : received;
  if (result.response.ok) rememberAnswer(requestKey, result.response.headers.get('etag'), text);
  const { body, isJson } = parseBody(text);
  return {
    status: result.response.status,
    statusText: result.response.statusText,
    ok: result.response.ok || notModified,
    notModified,
    body,
    isJson,
    text,
    durationMs,
    // What came over the wire: nothing for a 304.
    sizeBytes: byteLength(received),
    headers: [...result.response.headers.entries()].map(([name, value]): [string, string] => [name.toLowerCase(), value]),
    receivedAt: Date.now(),
    operation: request.operation,
    values: request.values,
    tokenFamily: tokenFamilyOf(request.token, brand.tokenPrefix),
  };
}

/** `onSettled` hears every call's outcome (the response, or undefined on a network error), even of calls overtaken by a newer one. */
export function useCallPublicApi(options: { onSettled?: (response: TesterResponse | undefined, request: TesterRequest) => void } = {}) {
  const { onSettled } = options;
  return useMutation({
    mutationFn: (request: TesterRequest) => callPublicApi(request),
    onSettled: (response, _error, request) => onSettled?.(response, request),
  });
}
