/** logout: GET /auth/logout. Whatever the outcome the local session state is dropped (go to /login also on failure). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { logError } from '../../../lib/log-error';

export async function logout(): Promise<void> {
  unwrap(await apiClient.GET('/auth/logout'));
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onError: (error) => logError('Logout', error),
    onSettled: () => queryClient.clear(),
  });
}
