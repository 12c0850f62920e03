/**
 * getClientAddress: GET /portal/client-address, the address the server sees this browser at. Asked once
 * per app load and shared (Settings' token cards, the API tester, the docs' token picker), and only once
 * some token has an IP allowlist: with none, nothing needs it.
 */
import { useQuery } from '@tanstack/react-query';
import { addressAllowed } from '../../shared/ip-allowlist';
import { apiClient, unwrap } from './api-client';

export const clientAddressQueryKey = ['clientAddress'] as const;

export function useClientAddress(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...options,
    queryKey: clientAddressQueryKey,
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/portal/client-address', { signal })).address,
    staleTime: Infinity,
  });
}

/**
 * This browser's address when a token's allowlist leaves it out, for the warning; undefined when the list
 * is empty (any address), the address is not known yet, or it is allowed.
 */
export function useAddressOutside(ipAllowlist: readonly string[] | undefined): string | undefined {
  const limited = ipAllowlist !== undefined && ipAllowlist.length > 0;
  const address = useClientAddress({ enabled: limited });
  if (!limited || address.data === undefined) return undefined;
  return addressAllowed(ipAllowlist, address.data) ? undefined : address.data;
}
