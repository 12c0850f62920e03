/**
 * The app's one react-query client. Client errors (4xx) are answers, not glitches: they are not retried.
 * A 401 from any portal call means the session is gone (it expired or was ended elsewhere): the profile
 * is re-checked, and the shell then sends the user to /login, remembering where they were.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** The query key of the current user's profile (GET /auth/me), which the shell watches. */
export const SESSION_QUERY_KEY = ['currentUser'] as const;

export function createQueryClient(): QueryClient {
  const onError = (error: Error) => {
    if (error instanceof ApiError && error.status === 401) void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // Not for the profile query itself: its 401 is the answer, and re-checking it would loop.
      onError: (error, query) => {
        if (query.queryKey[0] !== SESSION_QUERY_KEY[0]) onError(error);
      },
    }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
