/** deleteApiToken: DELETE /auth/token/{token}; the list reloads afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { apiTokensQueryKey } from '../../../lib/api-tokens';

export async function deleteApiToken(token: string): Promise<void> {
  unwrap(await apiClient.DELETE('/auth/token/{token}', { params: { path: { token } } }));
}

export function useDeleteApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
