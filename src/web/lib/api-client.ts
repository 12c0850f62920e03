/**
 * The one HTTP client of the app: openapi-fetch typed by the spec's generated paths.
 * Portal calls go to /api; public API calls pass `baseUrl: PUBLIC_API_BASE` per request.
 * Its middleware normalises errors, so every caller sees either the spec's `Error` body or an Error.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../generated/api';
import { ApiError, headerSeconds, messageOf, toError } from './api-error';

export const PORTAL_API_BASE = '/api';
export const PUBLIC_API_BASE = '/api/v1';

const JSON_TYPE = /\bjson\b/i;

/**
 * A failed response that is not JSON (a proxy's HTML page, an empty 502) becomes the spec's
 * `{status, message}` body, so callers can always read `message`. A network failure, timeout or abort
 * keeps the HTTP client's own error (no product-specific text).
 */
export const normaliseErrors: Middleware = {
  onResponse({ response }) {
    // 304 Not Modified has no body by definition (a Response with one cannot even be built).
    if (response.ok || response.status === 304 || JSON_TYPE.test(response.headers.get('content-type') ?? '')) return undefined;
    const body = JSON.stringify({ status: response.status, message: response.statusText || `HTTP ${response.status}` });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: { 'content-type': 'application/json' } });
  },
  onError({ error }) {
    return toError(error);
  },
};

export const apiClient = createClient<paths>({ baseUrl: PORTAL_API_BASE, credentials: 'same-origin' });
apiClient.use(normaliseErrors);

/** Turns an openapi-fetch result into its data, or throws an ApiError carrying the response's message. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    const { response } = result;
    const message = messageOf(result.error) ?? (response.statusText || `HTTP ${response.status}`);
    throw new ApiError(response.status, message, headerSeconds(response.headers.get('retry-after')) ?? undefined);
  }
  return result.data as T;
}
