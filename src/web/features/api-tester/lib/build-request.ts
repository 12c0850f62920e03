/**
 * Everything about the request the tester sends, as pure functions: the path, the query,
 * the headers, the full URL and the equivalent curl command.
 */
import { fillPathTemplate } from '../../../../shared/openapi/path-template';
import type { TesterOperation } from './operations';
import { effectiveValue, type ParameterValues } from './parameter-values';

/** The operation's path with each path parameter filled in, e.g. /seller/orders/return/12; an empty one stays `{name}`. */
export function buildRequestPath(operation: Pick<TesterOperation, 'path' | 'parameters'>, values: ParameterValues): string {
  const pathNames = new Set(operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name));
  return fillPathTemplate(operation.path, (name) => (pathNames.has(name) ? values[name] : undefined));
}

/** The query parameters a request sends: each one typed, or its default; undefined when there are none. */
export function buildQuery(operation: Pick<TesterOperation, 'parameters'>, values: ParameterValues): Record<string, string> | undefined {
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const value = parameter.in === 'query' ? effectiveValue(parameter, values) : undefined;
    if (value !== undefined) query[parameter.name] = value;
  }
  return Object.keys(query).length > 0 ? query : undefined;
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
