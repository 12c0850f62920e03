/** dismissLeakNotice: DELETE /portal/leak-notices/{tokenId}; the notice leaves the banner at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { leakNoticesQueryKey, type LeakNotice } from './list-leak-notices';

export async function dismissLeakNotice(tokenId: number): Promise<void> {
  unwrap(await apiClient.DELETE('/portal/leak-notices/{tokenId}', { params: { path: { tokenId } } }));
}

export function useDismissLeakNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissLeakNotice,
    onSuccess: (_nothing, tokenId) =>
      queryClient.setQueryData<LeakNotice[]>(leakNoticesQueryKey, (notices) => notices?.filter((notice) => notice.tokenId !== tokenId)),
  });
}
