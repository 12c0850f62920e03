/**
 * Where to go after login. The shell, and the server for documentation pages, send a logged-out user to
 * /login?redirectTo=<path>; only a
 * same-origin path is accepted back, so the parameter cannot send anyone to another site.
 */
export const REDIRECT_PARAM = 'redirectTo';
const DEFAULT_TARGET = '/';

export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return DEFAULT_TARGET;
  if (raw === '/login' || raw.startsWith('/login?') || raw.startsWith('/login/')) return DEFAULT_TARGET;
  return raw;
}

/** The login URL that remembers `target` (pathname + search + hash), or plain /login for the default. */
export function loginPathFor(target: string): string {
  const safe = safeRedirectTarget(target);
  return safe === DEFAULT_TARGET ? '/login' : `/login?${new URLSearchParams({ [REDIRECT_PARAM]: safe }).toString()}`;
}
