/** Renders the real route table in a memory router inside the app's providers, with a fresh query client. */
import { act, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { AppProviders } from '../../../../src/web/app/providers';
import { AppRoutes } from '../../../../src/web/app/routes';
import { createQueryClient } from '../../../../src/web/lib/query-client';
import { SESSION_HINT_COOKIE } from '../../../../src/shared/limits';
import { PAGE_SETTINGS_ID } from '../../../../src/shared/portal-data/page-settings';
import type { PortalSettings } from '../../../../src/web/lib/page-settings';

/** What the server writes into every app page it serves for the default configuration (plugins/static-files.ts). */
const SERVED_SETTINGS: PortalSettings = { publicDocs: false, loginForm: true, signInWith: null, liveTokens: false };

/** The page's settings as the server would have written them; null: a page without them (the development server). */
function writePageSettings(settings: PortalSettings | null): void {
  document.getElementById(PAGE_SETTINGS_ID)?.remove();
  if (settings === null) return;
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_SETTINGS_ID;
  script.textContent = JSON.stringify(settings);
  document.head.append(script);
}

// Route modules load lazily (as in the app). On a busy machine the first import of a chunk, transformed on
// demand, has taken over 5 s in CI (Settings' sessions list); a real failure still fails, 5 s before the test's limit.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 20_000 });

/**
 * @param options.signedIn whether the browser holds the server's `portal_signed_in` hint (default: yes
 * except on /login, so the profile call is made and the msw handler decides; no: a logged-out browser,
 * which makes no such call).
 * @param options.pageSettings the settings the server wrote into the page (default: its default
 * configuration's); null for a page without them.
 */
export function renderApp(
  path: string,
  options: { userEvent?: Parameters<typeof userEvent.setup>[0]; signedIn?: boolean; pageSettings?: PortalSettings | null } = {},
) {
  const signedIn = options.signedIn ?? !path.startsWith('/login');
  writePageSettings(options.pageSettings === undefined ? SERVED_SETTINGS : options.pageSettings);
  document.cookie = !signedIn ? `${SESSION_HINT_COOKIE}=; max-age=0; path=/` : `${SESSION_HINT_COOKIE}=1; path=/`;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = new TestRouter();
  function Probe() {
    router.seen(useLocation(), useNavigate());
    return null;
  }
  const user = userEvent.setup(options.userEvent);
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Probe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

/** The memory router seen from a test: where it is, and a way to go elsewhere as a link would. */
class TestRouter {
  readonly state: { location: Location } = { location: { pathname: '', search: '', hash: '', state: null, key: '' } };
  private navigateTo: NavigateFunction | undefined;

  /** Called by a probe inside the router on every render. */
  seen(location: Location, navigateTo: NavigateFunction): void {
    this.state.location = location;
    this.navigateTo = navigateTo;
  }

  async navigate(to: string): Promise<void> {
    const navigateTo = this.navigateTo;
    if (!navigateTo) throw new Error('the router has not rendered yet');
    await act(async () => navigateTo(to));
  }
}

/** Where the memory router is now, as path + search. */
export function currentUrl(router: TestRouter): string {
  return router.state.location.pathname + router.state.location.search;
}
