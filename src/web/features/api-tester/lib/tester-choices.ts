/**
 * The tester's choices live in the page URL so a call can be shared and reloaded. The operationId is the
 * address: `/api-test?operation=listSellerNormalOrders&page=2`, `/api-test?operation=getSellerReturnOrder&id=12`
 * (shared/portal-data/links.ts). Links of the older form (`?api=seller&domain=orders&mode=detail&orderType=return&id=12`)
 * still open the same call. The token is never part of them.
 */
import { catalogue } from '../../../../generated/catalogue';
import { testerParams } from '../../../../shared/portal-data/links';
import { domainsFor, findOperation, orderTypesFor, type ApiFamily, type Mode, type OrderType, type TesterOperation } from './operations';

// Paging defaults and limits are the spec's (its `page` and `size` parameters), not the tester's own.
const { paging } = catalogue;
export const DEFAULT_PAGE = paging.page.default;
export const DEFAULT_SIZE = paging.size.default;
export const MIN_SIZE = paging.size.minimum;
export const MAX_SIZE = paging.size.maximum;

export interface TesterChoices {
  api: ApiFamily;
  /** '' until the user picks one. */
  domain: string;
  mode: Mode;
  /** Digits only; '' when none. */
  id: string;
  orderType: OrderType;
  page: number;
  size: number;
}

function intParam(raw: string | null, fallback: number, min: number, max: number): number {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return value < min || value > max ? fallback : value;
}

/** The API, domain, mode and order type the URL names: by operationId, or by the older separate parameters. */
function chosenCall(params: URLSearchParams, operations: readonly TesterOperation[], defaultApi: ApiFamily): Pick<TesterChoices, 'api' | 'domain' | 'mode' | 'orderType'> {
  const named = operations.find((op) => op.operationId === params.get('operation'));
  if (named) return { api: named.family, domain: named.domain, mode: named.mode, orderType: named.orderType ?? 'normal' };
  const rawApi = params.get('api');
  const api: ApiFamily = rawApi === 'seller' || rawApi === 'warehouse' ? rawApi : defaultApi;
  const rawDomain = params.get('domain') ?? '';
  return {
    api,
    domain: domainsFor(operations, api).includes(rawDomain) ? rawDomain : '',
    mode: params.get('mode') === 'detail' ? 'detail' : 'list',
    orderType: params.get('orderType') === 'return' ? 'return' : 'normal',
  };
}

/** Reads choices from the URL; anything unknown falls back to a default rather than failing. */
export function parseChoices(params: URLSearchParams, operations: readonly TesterOperation[], defaultApi: ApiFamily): TesterChoices {
  const rawId = params.get('id') ?? '';
  return {
    ...chosenCall(params, operations, defaultApi),
    id: /^\d+$/.test(rawId) ? rawId : '',
    page: intParam(params.get('page'), DEFAULT_PAGE, 0, Number.MAX_SAFE_INTEGER),
    size: intParam(params.get('size'), DEFAULT_SIZE, MIN_SIZE, MAX_SIZE),
  };
}

/**
 * Writes the operationId and only what matters for it, so shared URLs stay short; before a call is
 * chosen, the API (and domain) picked so far. Never the token.
 */
export function choicesToParams(choices: TesterChoices, operations: readonly TesterOperation[]): URLSearchParams {
  const operation = choices.domain ? findOperation(operations, { family: choices.api, domain: choices.domain, mode: choices.mode, orderType: choices.orderType }) : undefined;
  if (operation) {
    const list = operation.mode === 'list';
    return testerParams({
      operation: operation.operationId,
      ...(!list && choices.id ? { id: choices.id } : {}),
      ...(list && choices.page !== DEFAULT_PAGE ? { page: choices.page } : {}),
      ...(list && choices.size !== DEFAULT_SIZE ? { size: choices.size } : {}),
    });
  }
  const params = new URLSearchParams({ api: choices.api });
  if (choices.domain) {
    params.set('domain', choices.domain);
    params.set('mode', choices.mode);
    if (orderTypesFor(operations, choices.api, choices.domain).length > 0) params.set('orderType', choices.orderType);
  }
  return params;
}

/** Switching API family keeps the domain only if the new family has it. */
export function withFamily(choices: TesterChoices, api: ApiFamily, operations: readonly TesterOperation[]): TesterChoices {
  const domain = domainsFor(operations, api).includes(choices.domain) ? choices.domain : '';
  return { ...choices, api, domain, page: DEFAULT_PAGE };
}

/**
 * page and size as typed (digits or empty) -> numbers: an empty page is 0; an empty size, or one outside
 * the spec's bounds, keeps the current one (never changed silently: the form reports a size out of bounds
 * and does not send it).
 */
export function parsePaging(pageText: string, sizeText: string, current: { size: number }): { page: number; size: number } {
  const page = /^\d+$/.test(pageText) ? Number(pageText) : DEFAULT_PAGE;
  const typed = /^\d+$/.test(sizeText) ? Number(sizeText) : Number.NaN;
  const size = typed >= MIN_SIZE && typed <= MAX_SIZE ? typed : current.size;
  return { page, size };
}
