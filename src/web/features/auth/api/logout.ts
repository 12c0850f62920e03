/**
 * logout: GET /auth/logout. The shell clears the session hint and leaves for /login first, then calls this
 * (app-shell.tsx), so nothing on screen can still ask for data once the session has ended. A session signed
 * in with the OpenID Provider is answered with its end-session URL (`Location`): the browser goes there to
 * sign out at the provider too, which sends it back to /login.
 */
import { apiClient, unwrap } from '../../../lib/api-client';

export async function logout(): Promise<void> {
  const result = await apiClient.GET('/auth/logout');
  unwrap(result);
  const next = result.response.headers.get('location');
  if (next !== null && /^https?:\/\//.test(next)) window.location.assign(next);
}
