/** refreshApiToken: GET /auth/token/refresh/{token}; the list reloads afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { apiTokensQueryKey, type ApiToken } from '../../../lib/api-tokens';

export async function refreshApiToken(token: string): Promise<ApiToken> {
  return unwrap(await apiClient.GET('/auth/token/refresh/{token}', { params: { path: { token } } })).data;
}

export function useRefreshApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
