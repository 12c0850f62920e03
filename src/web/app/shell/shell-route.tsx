/**
 * Route module for everything inside the shell. The profile is fetched first; until it answers only a
 * progress indicator shows (no flash of content), and any failure sends the user to /login remembering
 * where they were going. The one exception: when the server publishes the reference (PUBLIC_DOCS), a
 * logged-out visitor reads its pages in the shell, with "Log in" where the user would be.
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { NoSessionError, useCurrentUser } from '../../lib/current-user';
import { usePortalSettings } from '../../lib/portal-settings';
import { loginPathFor } from '../../features/auth/lib/redirect-target';
import { SearchLauncher } from '../../features/docs/components/search-launcher';
import { defaultCategoryFor } from '../../../shared/portal-data/links';
import { isReferencePath } from '../../../shared/portal-data/screens';
import { TryItPanelContext } from '../../lib/try-it-panel';
import { tryItPanelSource } from '../try-it/try-it-source';
import { AppShell } from './app-shell';

export function Component() {
  const user = useCurrentUser();
  const location = useLocation();
  const reference = isReferencePath(location.pathname);
  // Asked only of a logged-out visitor of the reference: the settings answer anyone, so nothing here can 401.
  const settings = usePortalSettings({ enabled: user.isError && reference });

  useEffect(() => {
    // Only logged, never shown. A warning, not an error: being logged out is an expected state.
    if (user.isError && !(user.error instanceof NoSessionError)) console.warn(`Profile fetch failed: ${user.error.message}`);
  }, [user.isError, user.error]);

  if (user.isPending) return <FullPageLoader label="Checking your session" />;
  if (user.isError) {
    if (reference && settings.isPending) return <FullPageLoader label="Checking your session" />;
    if (reference && settings.data?.publicDocs === true) {
      return (
        <SearchLauncher preferredCategory={defaultCategoryFor(undefined)}>
          <AppShell user={null}>
            <Outlet />
          </AppShell>
        </SearchLauncher>
      );
    }
    return <Navigate to={loginPathFor(location.pathname + location.search + location.hash)} replace />;
  }
  // Search (Ctrl/Cmd+K) works on every screen of the shell, the user's own API first; reference pages'
  // "Try it" opens the tester in place (a logged-out reader's stays a link to API Test, behind login).
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
