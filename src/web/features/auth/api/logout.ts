/**
 * logout: GET /auth/logout. The shell leaves for /login first and calls this after (app-shell.tsx), so
 * nothing on screen can still ask for data once the session has ended.
 */
import { apiClient, unwrap } from '../../../lib/api-client';
import { clearSessionHint } from '../../../lib/session-hint';

export async function logout(): Promise<void> {
  try {
    unwrap(await apiClient.GET('/auth/logout'));
  } finally {
    // /login must not send the user straight back in, also when the call failed.
    clearSessionHint();
  }
}
