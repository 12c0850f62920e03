/** Renders the real route table in a memory router inside the app's providers, with a fresh query client. */
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../../src/web/app/providers';
import { routes } from '../../../../src/web/app/routes';
import { createQueryClient } from '../../../../src/web/lib/query-client';
import { SESSION_HINT_COOKIE } from '../../../../src/shared/limits';

// Route modules load lazily (as in the app); on a busy machine the first import of a chunk takes a while.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

/**
 * @param options.signedIn whether the browser holds the server's `portal_signed_in` hint (default: yes
 * except on /login, so the profile call is made and the msw handler decides; no: a logged-out browser,
 * which makes no such call).
 */
export function renderApp(path: string, options: { userEvent?: Parameters<typeof userEvent.setup>[0]; signedIn?: boolean } = {}) {
  const signedIn = options.signedIn ?? !path.startsWith('/login');
  document.cookie = !signedIn ? `${SESSION_HINT_COOKIE}=; max-age=0; path=/` : `${SESSION_HINT_COOKIE}=1; path=/`;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup(options.userEvent);
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

/** Where the memory router is now, as path + search. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}
