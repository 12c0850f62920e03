/** createApiToken: POST /auth/token {title, description}; the list reloads afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { operations } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';
import { apiTokensQueryKey, type ApiToken } from '../../../lib/api-tokens';

export type CreateApiTokenBody = operations['createApiToken']['requestBody']['content']['application/json'];

export async function createApiToken(body: CreateApiTokenBody): Promise<ApiToken> {
  return unwrap(await apiClient.POST('/auth/token', { body })).data;
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
