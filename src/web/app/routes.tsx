/**
 * The route table. Every screen is its own chunk (route-level code splitting): /login loads neither
 * the shell's sidebar data nor the documentation nor Swagger UI. Docs route modules belong to the docs feature.
 * Plain (declarative) routes rather than a data router: no route has a loader, and the data router alone
 * would add about 15 KB of compressed script to every first load.
 */
import { Suspense } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { ScreenLoading } from '../components/screen-loading';
import { lazyRoute, type LazyRoute } from './lazy-route';
import { RouteErrorBoundary } from './route-error';

const login = lazyRoute(() => import('./routes/login-route'));
const shell = lazyRoute(() => import('./shell/shell-route'));
const documentation = lazyRoute(() => import('../features/docs/routes/documentation-route'));
const explorer = lazyRoute(() => import('../features/docs/routes/explorer-route'));
const apiTest = lazyRoute(() => import('./routes/api-test-route'));
const usage = lazyRoute(() => import('./routes/usage-route'));
const settings = lazyRoute(() => import('./routes/settings-route'));
const notFound = lazyRoute(() => import('./routes/not-found-route'));

function screen(route: LazyRoute): Pick<RouteObject, 'element' | 'handle'> {
  return { element: <route.Screen />, handle: route };
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
  { path: '/login', ...screen(login) },
  {
    path: '/',
    ...screen(shell),
    children: [
      {
        element: <ShellPage />,
        children: [
          { index: true, ...screen(documentation) },
          { path: 'documentation', ...screen(documentation) },
          { path: 'documentation/explorer', ...screen(explorer) },
          { path: 'api-test', ...screen(apiTest) },
          { path: 'usage', ...screen(usage) },
          { path: 'settings', ...screen(settings) },
          { path: '*', ...screen(notFound) },
        ],
      },
    ],
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
