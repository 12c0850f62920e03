/**
 * listLeakNotices: GET /portal/leak-notices, the user's tokens revoked because they were found in public,
 * until dismissed. Asked once per app load and again whenever the window regains focus, so a report that
 * arrives while the portal is open shows on the user's return.
 */
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';

export type LeakNotice = components['schemas']['LeakNotice'];

export const leakNoticesQueryKey = ['leakNotices'] as const;

export function useLeakNotices() {
  return useQuery({
    queryKey: leakNoticesQueryKey,
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/portal/leak-notices', { signal })).data,
    staleTime: Infinity,
    refetchOnWindowFocus: 'always',
  });
}
