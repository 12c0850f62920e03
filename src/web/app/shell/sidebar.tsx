/**
 * Sidebar navigation: the screens table's top items in its order, Documentation expanding into the
 * catalogue's groups and pages (the user's own API first) and the screens listed under it. The current item is highlighted
 * (selected + aria-current="page").
 */
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import ApiIcon from '@mui/icons-material/Api';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { brand } from '../../../generated/brand';
import type { UserType } from '../../../shared/api-family';
import { useCurrentUser } from '../../lib/current-user';
import { appScreens, type AppScreen } from '../screens';
import { activeDocsPage, buildDocsNav, ownApiFirst, type DocsNavGroup, type DocsNavPage } from './nav-items';

const docsNav = buildDocsNav();
const topScreens = appScreens.filter((screen) => screen.label && !screen.parent);
const screensUnder = (parent: AppScreen, signedIn: boolean) =>
  appScreens.filter((screen) => screen.label && screen.parent === parent.name && (signedIn || screen.reference));

function SubItem({ page, label, active, depth }: { page: Pick<DocsNavPage, 'to'>; label: string; active: boolean; depth: number }) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={page.to}
        selected={active}
        aria-current={active ? 'page' : undefined}
        sx={{ pl: 2 + depth * 2, py: 0.5, minHeight: 36 }}
      >
        <ListItemText primary={label} slotProps={{ primary: { variant: 'body2', sx: { fontWeight: active ? 600 : undefined } } }} />
      </ListItemButton>
    </ListItem>
  );
}

function ScreenIcon({ screen }: { screen: AppScreen }) {
  const Icon = screen.icon;
  return <ListItemIcon sx={{ minWidth: 36 }}>{Icon && <Icon fontSize="small" />}</ListItemIcon>;
}

function TopItem({ screen, active }: { screen: AppScreen; active: boolean }) {
  return (
    <ListItem disablePadding sx={{ mt: 0.5 }}>
      <ListItemButton component={RouterLink} to={screen.path} selected={active} aria-current={active ? 'page' : undefined}>
        <ScreenIcon screen={screen} />
        <ListItemText primary={screen.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
      </ListItemButton>
    </ListItem>
  );
}

type DocsActive = { category: string; subcategory: string } | null;

/** One catalogue group: a labelled list of its pages, or the page itself when the group has only one (Authentication). */
function DocsGroup({ group, active }: { group: DocsNavGroup; active: DocsActive }) {
  const isActive = (page: DocsNavPage) => active?.category === page.category && active.subcategory === page.subcategory;
  const [only] = group.pages;
  if (group.pages.length === 1 && only) return <SubItem page={only} label={group.label} active={isActive(only)} depth={1} />;
  const headingId = `sidebar-group-${group.category}`;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <List
        dense
        disablePadding
        aria-labelledby={headingId}
        subheader={
          <ListSubheader
            id={headingId}
            disableSticky
            sx={{ pl: 4, lineHeight: '32px', bgcolor: 'transparent', fontSize: '0.75rem', textTransform: 'uppercase', letterSpacing: '0.06em' }}
          >
            {group.label}
          </ListSubheader>
        }
      >
        {group.pages.map((page) => (
          <SubItem key={page.subcategory} page={page} label={page.label} depth={2} active={isActive(page)} />
        ))}
      </List>
    </ListItem>
  );
}

/** Documentation: a toggle over the catalogue's pages and the screens listed under it (the API explorer). */
function DocumentationItem({
  screen,
  activeDocs,
  isActive,
  signedIn,
  userType,
}: {
  screen: AppScreen;
  activeDocs: DocsActive;
  isActive: (path: string) => boolean;
  signedIn: boolean;
  userType: UserType | undefined;
}) {
  const [open, setOpen] = useState(true);
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton onClick={() => setOpen((wasOpen) => !wasOpen)} aria-expanded={open} aria-controls="sidebar-docs">
        <ScreenIcon screen={screen} />
        <ListItemText primary={screen.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" id="sidebar-docs">
        <List dense disablePadding aria-label="Documentation pages">
          {ownApiFirst(docsNav, userType).map((group) => (
            <DocsGroup key={group.label} group={group} active={activeDocs} />
          ))}
          {screensUnder(screen, signedIn).map((under) => (
            <SubItem key={under.name} page={{ to: under.path }} label={under.label ?? under.name} active={isActive(under.path)} depth={1} />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const location = useLocation();
  const user = useCurrentUser();
  const activeDocs = activeDocsPage(location.pathname, location.search, user.data?.userType);
  // A logged-out reader of the public reference sees only the reference: the screens need login.
  const signedIn = user.data !== undefined;
  const listed = signedIn ? topScreens : topScreens.filter((screen) => screen.reference);
  const isActive = (path: string) => location.pathname === path;

  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
      onClick={(event) => {
        // Close the mobile drawer when a link (not the Documentation toggle) was followed.
        if ((event.target as HTMLElement).closest('a')) onNavigate?.();
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, px: 2.5, height: 64, flexShrink: 0 }}>
        <ApiIcon color="primary" sx={{ fontSize: 32 }} aria-hidden />
        <Box sx={{ lineHeight: 1.15 }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 800, fontSize: '1.05rem', letterSpacing: '0.02em' }}>
            {brand.name}
          </Typography>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', fontWeight: 500 }}>
            Developer Portal
          </Typography>
        </Box>
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', flex: 1, px: 1.5, py: 1.5 }}>
        <List disablePadding dense>
          {listed.map((screen) =>
            screen.name === 'documentation' ? (
              <DocumentationItem
                key={screen.name}
                screen={screen}
                activeDocs={activeDocs}
                isActive={isActive}
                signedIn={signedIn}
                userType={user.data?.userType}
              />
            ) : (
              <TopItem key={screen.name} screen={screen} active={isActive(screen.path)} />
            ),
          )}
        </List>
      </Box>
    </Box>
  );
}
