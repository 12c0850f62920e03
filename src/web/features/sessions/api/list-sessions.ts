/** listSessions: GET /portal/sessions, the user's signed-in sessions, newest first, the current one marked. */
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';

export type PortalSession = components['schemas']['PortalSession'];

export const sessionsQueryKey = ['sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/portal/sessions', { signal })).data,
  });
}
