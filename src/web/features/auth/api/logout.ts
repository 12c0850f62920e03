/** logout: GET /auth/logout. Whatever the outcome the local session state is dropped (go to /login also on failure). */
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { logError } from '../../../lib/log-error';
import { clearSessionHint } from '../../../lib/session-hint';

export async function logout(): Promise<void> {
  try {
    unwrap(await apiClient.GET('/auth/logout'));
  } finally {
    // /login must not send the user straight back in, also when the call failed.
    clearSessionHint();
  }
}

/**
 * The caller forgets the cached data once it has left the shell (app-shell.tsx: navigate, then clear):
 * clearing while the shell's queries are still mounted would refetch them, logged out, into 401s.
 */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onError: (error) => logError('Logout', error),
  });
}
