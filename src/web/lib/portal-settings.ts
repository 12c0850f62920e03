/**
 * getPortalSettings: GET /portal/settings, open to anyone. Asked by the shell for a logged-out visitor of
 * the reference (is it public?) and by the page menu (may it offer ChatGPT and Claude?).
 */
import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from './api-client';

export const portalSettingsQueryKey = ['portal-settings'] as const;

export async function getPortalSettings(signal?: AbortSignal) {
  return unwrap(await apiClient.GET('/portal/settings', { signal }));
}

export function usePortalSettings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...options, queryKey: portalSettingsQueryKey, queryFn: ({ signal }) => getPortalSettings(signal), staleTime: Infinity, retry: false });
}
