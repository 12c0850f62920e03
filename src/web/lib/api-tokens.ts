/** listApiTokens: GET /auth/token, shared by Settings, the API tester and the code samples. The array is at `data` of the body. */
import { useQuery } from '@tanstack/react-query';
import type { operations } from '../../generated/api';
import { apiClient, unwrap } from './api-client';

export type ApiToken = operations['listApiTokens']['responses'][200]['content']['application/json']['data'][number];

export const apiTokensQueryKey = ['apiTokens'] as const;

export async function listApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return unwrap(await apiClient.GET('/auth/token', { signal })).data;
}

export function useApiTokens(options: { enabled?: boolean } = {}) {
  return useQuery({ ...options, queryKey: apiTokensQueryKey, queryFn: ({ signal }) => listApiTokens(signal) });
}
