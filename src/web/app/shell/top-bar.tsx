/**
 * Top bar: menu button (narrow screens), the search button, the user's email and type (at every width), the colour-mode
 * toggle, Logout; for a logged-out reader of a public reference, "Log in" (back to this page afterwards)
 * instead of the user. The search button is the way into search on a phone, where no key opens it.
 */
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import ApiIcon from '@mui/icons-material/Api';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import { brand } from '../../../generated/brand';
import type { CurrentUser } from '../../lib/current-user';
import { useOpenSearch } from '../../lib/search-opener';
import { userTypeLabel } from '../../features/auth/lib/user-type-label';
import { loginPathFor } from '../../features/auth/lib/redirect-target';
import { useHydrated } from '../../lib/use-hydrated';
import { ColorModeToggle } from '../../theme/color-mode-toggle';

interface TopBarProps {
  /** Null: a logged-out reader of the public reference. */
  user: CurrentUser | null;
  menuOpen: boolean;
  onMenuClick: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

export function TopBar({ user, menuOpen, onMenuClick, onLogout, loggingOut }: TopBarProps) {
  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      {/* Tighter on a phone, where six controls share 390 px and the email must stay whole. */}
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 3 }, minHeight: { xs: 56, sm: 64 } }}>
        {/* Narrow screens only (CSS, so HTML rendered ahead of time is right before the app runs). */}
        <IconButton
          edge="start"
          color="inherit"
          aria-label="Open navigation"
          aria-expanded={menuOpen}
          aria-controls="sidebar-drawer"
          onClick={onMenuClick}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Box sx={{ display: { xs: 'flex', md: 'none' }, alignItems: 'center', gap: 1, minWidth: 0 }}>
          <ApiIcon color="primary" aria-hidden />
          {/* On a phone, a signed-in user's email takes the brand name's place (the drawer still names it). */}
          <Typography component="span" sx={{ fontWeight: 800, letterSpacing: '0.02em', display: user ? { xs: 'none', sm: 'inline' } : undefined }}>
            {brand.name}
          </Typography>
        </Box>
        <Box sx={{ flex: 1 }} />
        <SearchButton />
        {user ? <SignedIn user={user} onLogout={onLogout} loggingOut={loggingOut} /> : <LogIn />}
      </Toolbar>
    </AppBar>
  );
}

function SearchButton() {
  const openSearch = useOpenSearch();
  return (
    <IconButton color="inherit" aria-label="Search the documentation" aria-keyshortcuts="Control+K Meta+K /" onClick={openSearch}>
      <SearchIcon />
    </IconButton>
  );
}

function LogIn() {
  const location = useLocation();
  // The page rendered at build time has no #fragment: a deep link's joins the link once the app is live.
  const hash = useHydrated() ? location.hash : '';
  return (
    <>
      <ColorModeToggle />
      <Button
        component={RouterLink}
        to={loginPathFor(location.pathname + location.search + hash)}
        color="inherit"
        variant="outlined"
        size="small"
        startIcon={<LoginIcon fontSize="small" />}
        sx={{ borderColor: 'divider' }}
      >
        Log in
      </Button>
    </>
  );
}

function SignedIn({ user, onLogout, loggingOut }: Pick<TopBarProps, 'onLogout' | 'loggingOut'> & { user: CurrentUser }) {
  return (
    <>
      {/* On a phone the email sits above the type badge, in a smaller size, and Logout is its icon alone: the
          specification puts the email in the top bar at every width. */}
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-end', sm: 'center' },
          columnGap: 1,
          minWidth: 0,
        }}
        aria-label="Signed in user"
        role="group"
      >
        <Typography variant="body2" noWrap sx={{ maxWidth: { xs: '100%', sm: 280 }, typography: { xs: 'caption', sm: 'body2' } }} title={user.email}>
          {user.email}
        </Typography>
        {/* Drawn like a small outlined Chip; MUI's Chip would be a chunk of its own on every first load. */}
        <Box
          component="span"
          sx={{
            px: 1,
            border: 1,
            borderColor: 'primary.main',
            borderRadius: 4,
            color: 'primary.main',
            fontSize: '0.8125rem',
            fontWeight: 600,
            lineHeight: { xs: '18px', sm: '22px' },
            whiteSpace: 'nowrap',
          }}
        >
          {userTypeLabel(user.userType)}
        </Box>
      </Box>
      <ColorModeToggle />
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        aria-label="Logout"
        startIcon={<LogoutIcon fontSize="small" />}
        onClick={onLogout}
        disabled={loggingOut}
        sx={{
          borderColor: 'divider',
          flexShrink: 0,
          minWidth: { xs: 0, sm: 64 },
          px: { xs: 1, sm: 1.25 },
          '& .MuiButton-startIcon': { mx: { xs: 0 }, mr: { sm: 1 }, ml: { sm: -0.5 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Logout
        </Box>
      </Button>
    </>
  );
}
