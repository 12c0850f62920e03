/**
 * Reading a response for display: the list envelope (page, lastPage), sizes and durations in human units,
 * and which case a 401 is, told from the token's visible prefix.
 */
import { API_FAMILIES, tokenPrefixOf, type ApiFamily } from '../../../../shared/api-family';

/** The API a token value's visible prefix names (`acme_s_` seller, `acme_w_` warehouse), or null for neither. */
export function tokenFamilyOf(token: string, tokenPrefix: string): ApiFamily | null {
  const value = token.trim();
  return API_FAMILIES.find((family) => value.startsWith(tokenPrefixOf(tokenPrefix, family))) ?? null;
}

/**
 * Why the API answered 401, as far as the browser can tell without the server's help (its body is always
 * just "forbidden"): a token of the other API, a value that is not a token at all, or a token of the
 * right API that the server does not know (unknown, expired, deleted, or replaced by a refresh).
 */
export type UnauthorizedCase = 'other-family' | 'not-a-token' | 'unknown-token';

export function unauthorizedCase(tokenFamily: ApiFamily | null, calledFamily: ApiFamily): UnauthorizedCase {
  if (tokenFamily === null) return 'not-a-token';
  return tokenFamily === calledFamily ? 'unknown-token' : 'other-family';
}

export interface ListEnvelope {
  page: number;
  size: number;
  lastPage: number;
}

/** The list envelope of a response body, or null when the body is not a list response. */
export function listEnvelope(body: unknown): ListEnvelope | null {
  if (typeof body !== 'object' || body === null) return null;
  const { page, size, lastPage, data } = body as Record<string, unknown>;
  if (typeof page !== 'number' || typeof size !== 'number' || typeof lastPage !== 'number' || !Array.isArray(data)) return null;
  return { page, size, lastPage };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** UTF-8 size of a text, which is what went over the wire before compression. */
export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Pretty JSON when the text is JSON, the text itself otherwise. */
export function parseBody(text: string): { body: unknown; isJson: boolean } {
  if (text === '') return { body: null, isJson: false };
  try {
    return { body: JSON.parse(text) as unknown, isJson: true };
  } catch {
    return { body: text, isJson: false };
  }
}
