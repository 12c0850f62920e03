/**
 * The first page of a simulation's list call (say listSellerNormalOrders), asked with the chosen sandbox
 * token as any public call is, so the picker shows the targets as the token sees them, with their status.
 */
import { useQuery } from '@tanstack/react-query';
import { brand } from '../../../../generated/brand';
import type { CatalogueOperation } from '../../../../shared/portal-data/catalogue';
import { apiClient, PUBLIC_API_BASE, unwrap } from '../../../lib/api-client';
import { targetOf, type Target } from '../lib/target-summary';

// The operation is chosen at run time from the catalogue, so the client's compile-time path typing cannot apply.
type DynamicGet = (
  path: string,
  init: { baseUrl: string; headers: Record<string, string>; cache: RequestCache; signal?: AbortSignal },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export async function listSimulationTargets(list: CatalogueOperation, token: string, signal?: AbortSignal): Promise<Target[]> {
  const get = apiClient.GET as unknown as DynamicGet;
  const page = unwrap(await get(list.path, { baseUrl: PUBLIC_API_BASE, headers: { [brand.apiTokenHeader]: token }, cache: 'no-store', signal })) as {
    data?: unknown[];
  };
  return (page.data ?? []).map((row) => targetOf(row, list.rowId ?? ['id'])).filter((target): target is Target => target !== undefined);
}

/** Asked only once `wanted` (the picker was opened): a call made with the user's token counts against its rate limit. */
export function useSimulationTargets(list: CatalogueOperation | undefined, token: string, wanted: boolean) {
  return useQuery({
    // The token is the cache's key only in memory; it is never stored or put in a URL.
    queryKey: ['simulation-targets', list?.operationId, token],
    queryFn: ({ signal }) => (list ? listSimulationTargets(list, token, signal) : Promise.resolve([])),
    enabled: wanted && list !== undefined && token !== '',
    staleTime: 0,
  });
}
