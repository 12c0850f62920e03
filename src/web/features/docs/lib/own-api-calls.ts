/**
 * The Markdown's curl samples call one API (the Authentication page's call the Seller API), which a token
 * of the other API cannot call. A reader of the other API sees each such call swapped for one of their own:
 * the call with the same domain, list or detail and order type when their API has it, else its first list
 * call. The user's type is known both when the page is rendered at build time and when it is hydrated, so
 * both draw the same text.
 */
import type { ApiFamily } from '../../../../shared/api-family';
import type { CatalogueOperation } from '../../../../shared/portal-data/catalogue';

type Call = Pick<CatalogueOperation, 'path' | 'family' | 'domain' | 'mode' | 'orderType'>;

function ownCounterpart(call: Call, family: ApiFamily, operations: readonly Call[]): Call | undefined {
  // Only calls without path parameters: the sample has no id of the reader's to put in one.
  const own = operations.filter((op) => op.family === family && !op.path.includes('{'));
  return own.find((op) => op.domain === call.domain && op.mode === call.mode && op.orderType === call.orderType) ?? own.find((op) => op.mode === 'list');
}

/** `code` with every call under `baseUrl` to another family's operation replaced by `family`'s own. */
export function withOwnApiCalls(code: string, baseUrl: string, family: ApiFamily, operations: readonly Call[]): string {
  const escaped = baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return code.replace(new RegExp(`${escaped}(/[^?'"\\s]*)`, 'g'), (whole, path: string) => {
    const call = operations.find((op) => op.path === path);
    if (!call || call.family === family) return whole;
    const own = ownCounterpart(call, family, operations);
    return own ? `${baseUrl}${own.path}` : whole;
  });
}
