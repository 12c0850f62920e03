/**
 * The shell around every route but /login: a 280 px sidebar (a drawer behind a menu button below 900 px),
 * a top bar, and above the page the banner about leaked tokens, the token expiry reminder and the notice
 * about webhook endpoints that were switched off or are failing. It renders
 * for a user whose profile has loaded, or (user null) for a logged-out reader of a public reference (see
 * shell-route.tsx): then the top bar offers "Log in" and nothing asks for the user's data.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { SIDEBAR_WIDTH_PX } from '../../../shared/limits';
import type { CurrentUser } from '../../lib/current-user';
import { logout } from '../../features/auth/api/logout';
import { ExpiryReminder } from '../../features/tokens/components/expiry-reminder';
import { LeakBanner } from '../../features/tokens/components/leak-banner';
import { WebhookBanner } from '../../features/webhooks/components/webhook-banner';
import { Sidebar } from './sidebar';
import { MAIN_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import { useLeaveSession } from './use-leave-session';

const NavigationDrawer = lazy(() => import('./navigation-drawer'));

export function AppShell({ user, children }: { user: CurrentUser | null; children: ReactNode }) {
  const theme = useTheme();
  // md is 900 px: the breakpoint for the drawer. CSS alone decides what shows (the column or the menu button),
  // so HTML rendered ahead of time lays out right on any screen before the app runs; `wide` only decides
  // which of the two sidebars is mounted. A client render reads the width at once; hydration starts wide
  // (as the build rendered) and switches right after, which moves nothing on screen.
  const wide = useMediaQuery(theme.breakpoints.up('md'), { defaultMatches: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  const { leave, leaving: loggingOut } = useLeaveSession();
  const onLogout = () => leave('Logout', logout);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      {/* A plain sticky column rather than a permanent MUI Drawer: the Drawer module brings Modal and Slide
          (~7 KB compressed) onto every first load. It stays in view while scrolling and spans the page in
          print and full-page captures; the column carries the background and border for the full height.
          It is never the scroll anchor: as tall as the page and first in it, it would be chosen over the
          content, and the page would jump whenever something above the reader's place changes height. */}
      <Box
        sx={{
          display: { xs: 'none', md: 'block' },
          width: SIDEBAR_WIDTH_PX,
          boxSizing: 'border-box',
          flexShrink: 0,
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          overflowAnchor: 'none',
        }}
      >
        {wide ? (
          <Box sx={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto', display: 'flex', flexDirection: 'column' }}>
            <Sidebar />
          </Box>
        ) : null}
      </Box>
      {wide ? null : (
        <Suspense fallback={null}>
          <NavigationDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar user={user} menuOpen={drawerOpen} onMenuClick={() => setDrawerOpen(true)} onLogout={onLogout} loggingOut={loggingOut} />
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ outline: 'none', flex: 1, px: { xs: 2, sm: 3, md: 5 }, py: { xs: 2, sm: 3, md: 4 }, maxWidth: 1280, width: '100%', mx: 'auto' }}
        >
          {user ? <LeakBanner /> : null}
          {user ? <ExpiryReminder onSettings={location.pathname === '/settings'} /> : null}
          {user ? <WebhookBanner onWebhooks={location.pathname === '/webhooks'} /> : null}
          {children}
        </Box>
      </Box>
    </Box>
  );
}
