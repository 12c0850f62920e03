/**
 * The tester's call: GET /api/v1/{family}/{domain}[/{orderType}][/{id}] with the token header, through the
 * app's one client (its middleware, base URL handling and error normalising). The path is picked at run
 * time from the catalogue and built by buildRequestPath, so the compile-time path typing cannot apply here.
 */
import { useMutation } from '@tanstack/react-query';
import { brand } from '../../../../generated/brand';
import { apiClient, PUBLIC_API_BASE } from '../../../lib/api-client';
import { buildHeaders, buildQuery, buildRequestPath } from '../lib/build-request';
import type { ApiFamily, TesterOperation } from '../lib/operations';
import { byteLength, parseBody, tokenFamilyOf } from '../lib/response-info';

export interface TesterRequest {
  operation: TesterOperation;
  id: string;
  page: number;
  size: number;
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
  /** The request that produced it (without the token). */
  operation: TesterOperation;
  /** The API the token's visible prefix names (null: neither), to explain a 401; the token itself is not kept. */
  tokenFamily: ApiFamily | null;
}

type DynamicGet = (
  path: string,
  init: { baseUrl: string; params: { query?: Record<string, number> }; headers: Record<string, string>; parseAs: 'text'; signal?: AbortSignal },
) => Promise<{ data?: string; error?: unknown; response: Response }>;

export async function callPublicApi(request: TesterRequest, signal?: AbortSignal): Promise<TesterResponse> {
  const get = apiClient.GET as unknown as DynamicGet;
  const started = performance.now();
  const query = buildQuery(request.operation, request);
  const result = await get(buildRequestPath(request.operation, request.id), {
    baseUrl: PUBLIC_API_BASE,
    params: query ? { query } : {},
    headers: buildHeaders(brand.apiTokenHeader, request.token),
    parseAs: 'text',
    signal,
  });
  const durationMs = performance.now() - started;
  const raw = result.data ?? result.error;
  const text = typeof raw === 'string' ? raw : raw === undefined ? '' : JSON.stringify(raw);
  const { body, isJson } = parseBody(text);
  return {
    status: result.response.status,
    statusText: result.response.statusText,
    ok: result.response.ok,
    body,
    isJson,
    text,
    durationMs,
    sizeBytes: byteLength(text),
    operation: request.operation,
    tokenFamily: tokenFamilyOf(request.token, brand.tokenPrefix),
  };
}

export function useCallPublicApi() {
  return useMutation({ mutationFn: (request: TesterRequest) => callPublicApi(request) });
}
