/**
 * What tells a logged call apart from the others to its operation: the values of its path parameters and
 * the page it asked for, as sent (`orderId 1042`, `page 2`). Read against the operation's path template,
 * so it holds for a path of any shape; the token and the other query parameters are left out.
 */
import type { CatalogueOperation } from '../../../../shared/portal-data/catalogue';

/** The paging parameter every list declares (src/shared/portal-data/catalogue.ts, `paging`). */
const PAGE_PARAMETER = 'page';

export function callTarget(path: string, operation: Pick<CatalogueOperation, 'path' | 'parameters'> | undefined): string {
  if (!operation) return '';
  const url = new URL(path, 'http://portal.invalid');
  const sent = url.pathname.split('/');
  const template = operation.path.split('/');
  // The logged path carries the server's base path (`/api/v1`) before the template's segments.
  const offset = sent.length - template.length;
  if (offset < 0) return '';
  const parts: string[] = [];
  template.forEach((segment, index) => {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    const value = sent[offset + index];
    if (name && value) parts.push(`${name} ${safeDecode(value)}`);
  });
  const page = url.searchParams.get(PAGE_PARAMETER);
  if (page !== null && operation.parameters.some((parameter) => parameter.in === 'query' && parameter.name === PAGE_PARAMETER)) parts.push(`page ${page}`);
  return parts.join(' · ');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
