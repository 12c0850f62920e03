/**
 * The Usage screen's filters live in the URL (`/usage?range=7d&tokenId=3&status=4xx&operation=...`), so a
 * token card can link to its usage and a filtered view can be shared. Presets count back from the moment
 * of each fetch; a custom range has both ends.
 */
import type { operations } from '../../../../generated/api';

export type StatusFilter = NonNullable<NonNullable<operations['getUsageSeries']['parameters']['query']>['status']>;
export const STATUS_FILTERS: readonly StatusFilter[] = ['2xx', '3xx', '4xx', '5xx', '401', '429'];

export const RANGES = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 } as const;
export type RangeKey = keyof typeof RANGES | 'custom';

export interface UsageFilters {
  range: RangeKey;
  /** Custom range ends, ISO date-times. */
  from?: string;
  to?: string;
  tokenId?: number;
  status?: StatusFilter;
  operation?: string;
}

const HOUR_MS = 3_600_000;

export function parseFilters(params: URLSearchParams): UsageFilters {
  const range = params.get('range');
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const tokenId = Number(params.get('tokenId'));
  const status = params.get('status') as StatusFilter | null;
  const operation = params.get('operation');
  const custom = range === 'custom' && from !== undefined && to !== undefined && !Number.isNaN(Date.parse(from)) && !Number.isNaN(Date.parse(to));
  return {
    range: custom ? 'custom' : range === '7d' || range === '30d' ? range : '24h',
    ...(custom ? { from, to } : {}),
    ...(Number.isSafeInteger(tokenId) && tokenId > 0 ? { tokenId } : {}),
    ...(status !== null && STATUS_FILTERS.includes(status) ? { status } : {}),
    ...(operation !== null && /^[A-Za-z][A-Za-z0-9]*$/.test(operation) ? { operation } : {}),
  };
}

export function filtersToParams(filters: UsageFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.range !== '24h') params.set('range', filters.range);
  if (filters.range === 'custom' && filters.from && filters.to) {
    params.set('from', filters.from);
    params.set('to', filters.to);
  }
  if (filters.tokenId !== undefined) params.set('tokenId', String(filters.tokenId));
  if (filters.status !== undefined) params.set('status', filters.status);
  if (filters.operation !== undefined) params.set('operation', filters.operation);
  return params;
}

/** The range's ends for a request made now. */
export function rangeBounds(filters: UsageFilters, now = Date.now()): { from: string; to: string } {
  if (filters.range === 'custom' && filters.from && filters.to) return { from: filters.from, to: filters.to };
  const hours = RANGES[filters.range === 'custom' ? '24h' : filters.range];
  return { from: new Date(now - hours * HOUR_MS).toISOString(), to: new Date(now).toISOString() };
}

/** Range and token only: what the Operation filter's choices are read with (every operation called). */
export function rangeQuery(filters: UsageFilters) {
  return { ...rangeBounds(filters), ...(filters.tokenId === undefined ? {} : { tokenId: filters.tokenId }) };
}

/** Every filter: the chart, totals, per-operation table, log and CSV all follow all four. */
export function filterQuery(filters: UsageFilters) {
  return {
    ...rangeQuery(filters),
    ...(filters.status === undefined ? {} : { status: filters.status }),
    ...(filters.operation === undefined ? {} : { operation: filters.operation }),
  };
}
