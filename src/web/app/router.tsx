/** The browser router around the app's screens (tests put a memory router around the same AppRoutes). */
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './routes';

/**
 * Navigations render at once rather than in a transition: a screen whose code is still loading shows its
 * progress bar in place of the old screen, instead of leaving the old one up with no sign of the click.
 * `children` render before the screens, on every navigation.
 */
export function AppRouter({ children }: { children?: ReactNode }) {
  return (
    <BrowserRouter useTransitions={false}>
      {children}
      <AppRoutes />
    </BrowserRouter>
  );
}
