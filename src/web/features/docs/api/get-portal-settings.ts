/** getPortalSettings: GET /portal/settings, asked once the page menu opens (whether the reference is public). */
import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';

export async function getPortalSettings(signal?: AbortSignal) {
  return unwrap(await apiClient.GET('/portal/settings', { signal }));
}

export function usePortalSettings() {
  return useQuery({ queryKey: ['portal-settings'], queryFn: ({ signal }) => getPortalSettings(signal), staleTime: Infinity });
}
