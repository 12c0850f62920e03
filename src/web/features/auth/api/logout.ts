/**
 * logout: GET /auth/logout. The shell clears the session hint and leaves for /login first, then calls this
 * (app-shell.tsx), so nothing on screen can still ask for data once the session has ended.
 */
import { apiClient, unwrap } from '../../../lib/api-client';

export async function logout(): Promise<void> {
  unwrap(await apiClient.GET('/auth/logout'));
}
