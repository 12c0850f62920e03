/** getCurrentUser: GET /auth/me, shared by the shell, login and every screen that needs the user. Anything but 200 means "not logged in". */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { operations } from '../../generated/api';
import { isUserType } from '../../shared/api-family';
import { apiClient, unwrap } from './api-client';
import { ApiError } from './api-error';
import { hasSessionHint } from './session-hint';
import { SESSION_QUERY_KEY } from './query-client';

export type CurrentUser = operations['getCurrentUser']['responses'][200]['content']['application/json'];

export const currentUserQueryKey = SESSION_QUERY_KEY;

const LAST_USER_TYPE_KEY = 'portal.lastUserType';

/** "Not logged in", known without asking the server (no session in this browser): nothing failed. */
export class NoSessionError extends ApiError {
  constructor() {
    super(401, 'Not logged in.');
    this.name = 'NoSessionError';
  }
}

export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  // A logged-out visit makes no request that can only fail.
  if (!hasSessionHint()) throw new NoSessionError();
  const user = unwrap(await apiClient.GET('/auth/me', { signal }));
  rememberUserType(user.userType);
  return user;
}

/**
 * Records "not logged in" as the profile's answer without asking: the server already knows (a page it
 * rendered for a logged-out reader), and the app's first frame must draw what that HTML shows, not a loader.
 * useCurrentUser's `retryOnMount: false` keeps it from asking again.
 */
export async function answerNotLoggedIn(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery({ queryKey: currentUserQueryKey, queryFn: () => Promise.reject(new NoSessionError()), retry: false });
}

/** Not a secret and never trusted: only a hint for preloading the page a user will land on. */
export function rememberUserType(userType: CurrentUser['userType']): void {
  try {
    localStorage.setItem(LAST_USER_TYPE_KEY, userType);
  } catch {
    // Storage may be unavailable (private mode, quota): the hint is optional.
  }
}

/** The user type this browser last saw, if any. */
export function lastUserType(): CurrentUser['userType'] | undefined {
  try {
    const value = localStorage.getItem(LAST_USER_TYPE_KEY);
    return isUserType(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...options,
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    retry: false,
    // "Not logged in" is an answer, not a failure to retry each time a component that reads it mounts:
    // a logged-out reader of the public reference would otherwise see the shell flicker back to loading.
    retryOnMount: false,
    staleTime: Infinity,
  });
}
