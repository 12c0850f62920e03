/**
 * Route module for everything inside the shell. The profile is fetched first; until it answers only a
 * progress indicator shows (no flash of content), and any failure sends the user to /login remembering
 * where they were going.
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { NoSessionError, useCurrentUser } from '../../lib/current-user';
import { loginPathFor } from '../../features/auth/lib/redirect-target';
import { SearchLauncher } from '../../features/docs/components/search-launcher';
import { defaultCategoryFor } from '../../../shared/portal-data/links';
import { TryItPanelContext } from '../../lib/try-it-panel';
import { tryItPanelSource } from '../try-it/try-it-source';
import { AppShell } from './app-shell';

export function Component() {
  const user = useCurrentUser();
  const location = useLocation();

  useEffect(() => {
    // Only logged, never shown. A warning, not an error: being logged out is an expected state.
    if (user.isError && !(user.error instanceof NoSessionError)) console.warn(`Profile fetch failed: ${user.error.message}`);
  }, [user.isError, user.error]);

  if (user.isPending) return <FullPageLoader label="Checking your session" />;
  if (user.isError) return <Navigate to={loginPathFor(location.pathname + location.search + location.hash)} replace />;
  // Search (Ctrl/Cmd+K) works on every screen of the shell, the user's own API first; reference pages'
  // "Try it" opens the tester in place.
  return (
    <SearchLauncher preferredCategory={defaultCategoryFor(user.data.userType)}>
      <TryItPanelContext.Provider value={tryItPanelSource}>
        <AppShell user={user.data}>
          <Outlet />
        </AppShell>
      </TryItPanelContext.Provider>
    </SearchLauncher>
  );
}
