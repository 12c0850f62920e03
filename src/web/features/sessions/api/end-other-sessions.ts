/** endOtherSessions: DELETE /portal/sessions/others, every session but this one; answers how many ended. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { sessionsQueryKey } from './list-sessions';

export async function endOtherSessions(): Promise<number> {
  return unwrap(await apiClient.DELETE('/portal/sessions/others')).ended;
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
