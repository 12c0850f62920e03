/**
 * The Usage screen's reads. The newest log page refetches every LIVE_MS so new calls appear without a
 * reload (they reach the log within the server's write interval); older pages stay as they are.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { filterQuery, rangeQuery, type UsageFilters } from '../lib/usage-filters';

export const LIVE_MS = 1_000;
const CHART_REFRESH_MS = 5_000;

export function useUsageSeries(filters: UsageFilters) {
  return useQuery({
    queryKey: ['usageSeries', filters],
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/usage/series', { params: { query: filterQuery(filters) }, signal })),
    refetchInterval: CHART_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useOperationUsage(filters: UsageFilters) {
  return useQuery({
    queryKey: ['operationUsage', filters],
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/usage/operations', { params: { query: filterQuery(filters) }, signal })).data,
    refetchInterval: CHART_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** The operations called in the range with the token filter alone: the Operation filter's choices. */
export function useOperationChoices(filters: UsageFilters) {
  return useQuery({
    queryKey: ['operationUsage', { range: filters.range, from: filters.from, to: filters.to, tokenId: filters.tokenId }],
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/usage/operations', { params: { query: rangeQuery(filters) }, signal })).data,
    refetchInterval: CHART_REFRESH_MS,
    placeholderData: keepPreviousData,
    select: (rows) => rows.map((row) => row.operationId),
  });
}

export function useRequestLog(filters: UsageFilters, cursor: string | undefined) {
  return useQuery({
    queryKey: ['requestLog', filters, cursor],
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/usage/requests', { params: { query: { ...filterQuery(filters), ...(cursor === undefined ? {} : { cursor }) } }, signal })),
    refetchInterval: cursor === undefined ? LIVE_MS : false,
    placeholderData: keepPreviousData,
  });
}

export function useRequestLogEntry(id: number | undefined) {
  return useQuery({
    queryKey: ['requestLogEntry', id],
    enabled: id !== undefined,
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/usage/requests/{requestId}', { params: { path: { requestId: id ?? 0 } }, signal })).data,
  });
}
