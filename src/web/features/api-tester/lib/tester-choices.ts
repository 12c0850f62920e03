/**
 * The tester's choices live in the page URL (/api-test?api=seller&domain=orders&mode=detail&id=12&orderType=return)
 * so a call can be shared and reloaded. The token is never part of them.
 */
import catalogue from '../../../../generated/catalogue.json';
import type { Catalogue } from '../../../../../scripts/generate/context';
import { domainsFor, orderTypesFor, type ApiFamily, type Mode, type OrderType, type TesterOperation } from './operations';

// Paging defaults and limits are the spec's (its `page` and `size` parameters), not the tester's own.
const { paging } = catalogue as Catalogue;
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

/** Reads choices from the URL; anything unknown falls back to a default rather than failing. */
export function parseChoices(params: URLSearchParams, operations: readonly TesterOperation[], defaultApi: ApiFamily): TesterChoices {
  const rawApi = params.get('api');
  const api: ApiFamily = rawApi === 'seller' || rawApi === 'warehouse' ? rawApi : defaultApi;
  const rawDomain = params.get('domain') ?? '';
  const domain = domainsFor(operations, api).includes(rawDomain) ? rawDomain : '';
  const mode: Mode = params.get('mode') === 'detail' ? 'detail' : 'list';
  const rawId = params.get('id') ?? '';
  const rawOrderType = params.get('orderType');
  return {
    api,
    domain,
    mode,
    id: /^\d+$/.test(rawId) ? rawId : '',
    orderType: rawOrderType === 'return' ? 'return' : 'normal',
    page: intParam(params.get('page'), DEFAULT_PAGE, 0, Number.MAX_SAFE_INTEGER),
    size: intParam(params.get('size'), DEFAULT_SIZE, MIN_SIZE, MAX_SIZE),
  };
}

/** Writes only what matters for the current choices, so shared URLs stay short. Never the token. */
export function choicesToParams(choices: TesterChoices, operations: readonly TesterOperation[]): URLSearchParams {
  const params = new URLSearchParams({ api: choices.api });
  if (choices.domain) params.set('domain', choices.domain);
  params.set('mode', choices.mode);
  if (choices.mode === 'detail' && choices.id) params.set('id', choices.id);
  if (choices.domain && orderTypesFor(operations, choices.api, choices.domain).length > 0) params.set('orderType', choices.orderType);
  if (choices.mode === 'list') {
    if (choices.page !== DEFAULT_PAGE) params.set('page', String(choices.page));
    if (choices.size !== DEFAULT_SIZE) params.set('size', String(choices.size));
  }
  return params;
}

/** Switching API family keeps the domain only if the new family has it (issue 4). */
export function withFamily(choices: TesterChoices, api: ApiFamily, operations: readonly TesterOperation[]): TesterChoices {
  const domain = domainsFor(operations, api).includes(choices.domain) ? choices.domain : '';
  return { ...choices, api, domain, page: DEFAULT_PAGE };
}

/**
 * page and size as typed (digits or empty) -> numbers: an empty page is 0, an empty size keeps the
 * current one, and size is held to 1..100.
 */
export function parsePaging(pageText: string, sizeText: string, current: { size: number }): { page: number; size: number } {
  const page = /^\d+$/.test(pageText) ? Number(pageText) : DEFAULT_PAGE;
  const size = /^\d+$/.test(sizeText) ? Math.min(MAX_SIZE, Math.max(MIN_SIZE, Number(sizeText))) : current.size;
  return { page, size };
}
