/**
 * getCurrentUser (GET /auth/me): which API the user's tokens reach (a seller's tokens reach only the
 * Seller API). Same query key as the shell, which has already loaded it, so this is a cache read.
 */
import { useQuery } from '@tanstack/react-query';
import type { operations } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';

export type CurrentUser = operations['getCurrentUser']['responses'][200]['content']['application/json'];

export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return unwrap(await apiClient.GET('/auth/me', { signal }));
}

export function useCurrentUser(enabled: boolean) {
  return useQuery({ queryKey: ['currentUser'], queryFn: ({ signal }) => getCurrentUser(signal), enabled, retry: false, staleTime: Infinity });
}
