/** endApiTokenGrace: DELETE /auth/token/previous-value/{token} ("End now"); the list reloads afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { apiTokensQueryKey, type ApiToken } from '../../../lib/api-tokens';

export async function endApiTokenGrace(token: string): Promise<ApiToken> {
  return unwrap(await apiClient.DELETE('/auth/token/previous-value/{token}', { params: { path: { token } } })).data;
}

export function useEndApiTokenGrace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endApiTokenGrace,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
