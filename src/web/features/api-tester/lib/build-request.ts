/**
 * Everything about the request the tester sends, as pure functions: the path, the query,
 * the headers, the full URL and the equivalent curl command.
 */
import type { TesterOperation } from './operations';

/** The operation's path with its ID filled in, e.g. /seller/orders/return/12. */
export function buildRequestPath(operation: Pick<TesterOperation, 'path' | 'idParam'>, id: string): string {
  if (!operation.idParam) return operation.path;
  return operation.path.replace(`{${operation.idParam}}`, encodeURIComponent(id));
}

/** page and size for list calls; nothing for detail calls. */
export function buildQuery(operation: Pick<TesterOperation, 'mode'>, paging: { page: number; size: number }): { page: number; size: number } | undefined {
  return operation.mode === 'list' ? { page: paging.page, size: paging.size } : undefined;
}

/** The token header, named by the brand (e.g. ACME-API-TOKEN). */
export function buildHeaders(headerName: string, token: string): Record<string, string> {
  return { [headerName]: token.trim() };
}

/** base + path + query string, e.g. https://host/api/v1/seller/warehouses?page=0&size=10. */
export function buildRequestUrl(base: string, path: string, query?: Record<string, number | string>): string {
  const search = query ? new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)])).toString() : '';
  return `${base.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

/** Single-quotes a shell word. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The request as curl, with the token as a shell variable ($ACME_API_TOKEN) instead of its value,
 * so a copied command never carries a secret.
 */
export function buildCurl(input: { url: string; headerName: string; tokenVariable: string }): string {
  return [`curl -sS ${shellQuote(input.url)}`, `  -H "${input.headerName}: $${input.tokenVariable}"`, `  -H 'Accept: application/json'`].join(' \\\n');
}
