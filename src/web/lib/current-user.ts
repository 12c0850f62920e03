/** getCurrentUser: GET /auth/me, shared by the shell, login and every screen that needs the user. Anything but 200 means "not logged in". */
import { useQuery } from '@tanstack/react-query';
import type { operations } from '../../generated/api';
import { apiClient, unwrap } from './api-client';
import { SESSION_QUERY_KEY } from './query-client';

export type CurrentUser = operations['getCurrentUser']['responses'][200]['content']['application/json'];

export const currentUserQueryKey = SESSION_QUERY_KEY;

export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return unwrap(await apiClient.GET('/auth/me', { signal }));
}

export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    retry: false,
    staleTime: Infinity,
  });
}
