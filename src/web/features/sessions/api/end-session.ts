/** endSession: DELETE /portal/sessions/{sessionId}, one session signed out at once; the list reloads afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { sessionsQueryKey } from './list-sessions';

export async function endSession(sessionId: number): Promise<void> {
  unwrap(await apiClient.DELETE('/portal/sessions/{sessionId}', { params: { path: { sessionId } } }));
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
