/**
 * listApiTokens (GET /auth/token) for the code samples' token picker. Same query key as the Settings
 * screen, so the two share one cache entry; called only when the user asks to fill in a token.
 */
import { useQuery } from '@tanstack/react-query';
import type { operations } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';

export type ApiToken = operations['listApiTokens']['responses'][200]['content']['application/json']['data'][number];

export async function listApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return unwrap(await apiClient.GET('/auth/token', { signal })).data;
}

export function useApiTokens(enabled: boolean) {
  return useQuery({ queryKey: ['apiTokens'], queryFn: ({ signal }) => listApiTokens(signal), enabled });
}
