/**
 * "Sign in with ...": a full-page navigation to the server, which redirects to the OpenID Provider
 * (GET /api/auth/oidc/start). The user type chosen on the login page and where the user was going travel with it.
 */
import type { UserType } from '../../../../shared/api-family';
import { PORTAL_API_BASE } from '../../../lib/api-client';

export function signInWithHref(userType: UserType, destination: string): string {
  const params = new URLSearchParams({ userType });
  if (destination !== '/') params.set('redirectTo', destination);
  return `${PORTAL_API_BASE}/auth/oidc/start?${params.toString()}`;
}
