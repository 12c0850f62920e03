/**
 * The route table, built from the screens table (./screens.ts). Every screen is its own chunk (route-level
 * code splitting): /login loads neither the shell's sidebar data nor the documentation nor Swagger UI.
 * Plain (declarative) routes rather than a data router: no route has a loader, and the data router alone
 * would add about 15 KB of compressed script to every first load.
 */
import { Suspense } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { ScreenLoading } from '../components/screen-loading';
import { brand } from '../../generated/brand';
import { SHELL_MODULE, screenTitle } from '../../shared/portal-data/screens';
import type { LazyRoute } from './lazy-route';
import { RouteErrorBoundary } from './route-error';
import { appScreens, routeOfModule, type AppScreen } from './screens';

const shell = routeOfModule(SHELL_MODULE);

function lazyElement(route: LazyRoute): Pick<RouteObject, 'element' | 'handle'> {
  return { element: <route.Screen />, handle: route };
}

/** A screen with its document title from the screens table (the docs feature titles its own pages). */
function screenElement(screen: AppScreen): Pick<RouteObject, 'element' | 'handle'> {
  const { Screen } = screen.route;
  const title = screen.title === undefined ? null : <title>{screenTitle(screen.title, brand.name)}</title>;
  return {
    element: (
      <>
        {title}
        <Screen />
      </>
    ),
    handle: screen.route,
  };
}

/** A screen's route, and its index route too when it is also the screen at `/`. */
function screenRoutes(screen: AppScreen): RouteObject[] {
  const route = screenElement(screen);
  return screen.home
    ? [
        { index: true, ...route },
        { path: screen.path, ...route },
      ]
    : [{ path: screen.path, ...route }];
}

/** Inside the shell: a screen that fails or is still loading leaves the sidebar and top bar in place. */
function ShellPage() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<ScreenLoading />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export const routes: RouteObject[] = [
  ...appScreens.filter((entry) => entry.outsideShell).flatMap(screenRoutes),
  {
    path: '/',
    ...lazyElement(shell),
    children: [{ element: <ShellPage />, children: appScreens.filter((entry) => !entry.outsideShell).flatMap(screenRoutes) }],
  },
];

/** The app's screens for the current URL (inside a router). */
export function AppRoutes() {
  const { pathname } = useLocation();
  // Every screen the URL shows starts loading now, in parallel, not each after its parent has rendered
  // (the shell, then the page). Loading twice is free (a module loads once); a failure shows when rendering.
  void preloadScreens(pathname).catch(() => undefined);
  const screens = useRoutes(routes);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullPageLoader />}>{screens}</Suspense>
    </RouteErrorBoundary>
  );
}

/** Loads every screen a path shows, so that they render in one pass (build-time render, hydration). */
export async function preloadScreens(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as LazyRoute | undefined)?.preload()));
}
