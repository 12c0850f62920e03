/** updateApiTokenIpAllowlist: PUT /portal/tokens/{tokenId}/ip-allowlist, the whole new list; the token list reloads afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { apiTokensQueryKey, type ApiToken } from '../../../lib/api-tokens';

export interface UpdateIpAllowlistInput {
  tokenId: number;
  ipAllowlist: string[];
}

export async function updateApiTokenIpAllowlist({ tokenId, ipAllowlist }: UpdateIpAllowlistInput): Promise<ApiToken> {
  return unwrap(await apiClient.PUT('/portal/tokens/{tokenId}/ip-allowlist', { params: { path: { tokenId } }, body: { ipAllowlist } })).data;
}

export function useUpdateApiTokenIpAllowlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApiTokenIpAllowlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
