/** refreshApiToken: GET /auth/token/refresh/{token}?graceHours=N; the list reloads afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { operations } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';
import { apiTokensQueryKey, type ApiToken } from '../../../lib/api-tokens';

export type GraceHours = NonNullable<NonNullable<operations['refreshApiToken']['parameters']['query']>['graceHours']>;

export interface RefreshApiTokenInput {
  token: string;
  /** How long the current value keeps working beside the new one; 0: it stops at once. */
  graceHours: GraceHours;
}

export async function refreshApiToken({ token, graceHours }: RefreshApiTokenInput): Promise<ApiToken> {
  return unwrap(await apiClient.GET('/auth/token/refresh/{token}', { params: { path: { token }, query: { graceHours } } })).data;
}

export function useRefreshApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
