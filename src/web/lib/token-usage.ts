/** listTokenUsage: GET /usage/tokens, each token's calls in the last 7 days; shared by Settings (usage strip) and the Usage screen (token filter). */
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { operations } from '../../generated/api';
import { apiClient, unwrap } from './api-client';

export type TokenUsage = operations['listTokenUsage']['responses'][200]['content']['application/json']['data'][number];

export const tokenUsageQueryKey = ['tokenUsage'] as const;

export function useTokenUsage() {
  return useQuery({
    queryKey: tokenUsageQueryKey,
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/usage/tokens', { signal })).data,
    refetchInterval: 30_000,
  });
}

/**
 * Reloads the usage when a token's last use moves on: the token list and the usage are separate queries,
 * and a newer last use means the usage already held misses at least one call.
 */
export function useUsageFollowsLastUse(lastUsedDate: string | null) {
  const queryClient = useQueryClient();
  const seen = useRef(lastUsedDate);
  useEffect(() => {
    if (seen.current === lastUsedDate) return;
    seen.current = lastUsedDate;
    // Several cards may see a new use at once: they share one reload rather than cancel each other's.
    void queryClient.invalidateQueries({ queryKey: tokenUsageQueryKey }, { cancelRefetch: false });
  }, [lastUsedDate, queryClient]);
}

/** The Usage screen filtered to one token (by id, never by value). */
export function usageHref(tokenId?: number): string {
  return tokenId === undefined ? '/usage' : `/usage?tokenId=${tokenId}`;
}

export function formatErrorRate(rate: number): string {
  if (rate === 0) return '0%';
  const percent = rate * 100;
  return `${percent < 10 ? percent.toFixed(1) : Math.round(percent)}%`;
}
