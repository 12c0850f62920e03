/**
 * The route table. Every screen is its own chunk (route-level code splitting): /login loads neither
 * the shell's sidebar data nor the documentation nor Swagger UI. Docs route modules belong to the docs feature.
 */
import type { RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { RouteError } from './route-error';

export const routes: RouteObject[] = [
  {
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    children: [
      { path: '/login', lazy: () => import('./routes/login-route') },
      {
        path: '/',
        lazy: () => import('./shell/shell-route'),
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { index: true, lazy: () => import('../features/docs/routes/documentation-route') },
              { path: 'documentation', lazy: () => import('../features/docs/routes/documentation-route') },
              { path: 'documentation/explorer', lazy: () => import('../features/docs/routes/explorer-route') },
              { path: 'api-test', lazy: () => import('./routes/api-test-route') },
              { path: 'usage', lazy: () => import('./routes/usage-route') },
              { path: 'settings', lazy: () => import('./routes/settings-route') },
              { path: '*', lazy: () => import('./routes/not-found-route') },
            ],
          },
        ],
      },
    ],
  },
];
