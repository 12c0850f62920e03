/** Entry point: providers around the router. Everything route-specific is loaded lazily by the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { currentUserQueryKey, getCurrentUser } from './lib/current-user';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

const queryClient = createQueryClient();
// Every screen but /login waits for the profile: ask for it now, while the route chunks are still
// loading, instead of after the shell's chunk has arrived and rendered (one round trip off the path).
if (window.location.pathname !== '/login') {
  void queryClient.prefetchQuery({ queryKey: currentUserQueryKey, queryFn: ({ signal }) => getCurrentUser(signal), retry: false, staleTime: Infinity });
}

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
