/**
 * Sidebar navigation: Documentation (expanding into the catalogue's groups and pages), API Test, Settings.
 * The current item is highlighted (selected + aria-current="page").
 */
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import ApiIcon from '@mui/icons-material/Api';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import { brand } from '../../../generated/brand';
import { activeDocsPage, buildDocsNav, type DocsNavPage } from './nav-items';

const docsNav = buildDocsNav();

function SubItem({ page, label, active, depth }: { page: Pick<DocsNavPage, 'to'>; label: string; active: boolean; depth: number }) {
  return (
    <ListItemButton
      component={RouterLink}
      to={page.to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      sx={{ pl: 2 + depth * 2, py: 0.5, minHeight: 36 }}
    >
      <ListItemText primary={label} slotProps={{ primary: { variant: 'body2', sx: { fontWeight: active ? 600 : undefined } } }} />
    </ListItemButton>
  );
}

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const location = useLocation();
  const [docsOpen, setDocsOpen] = useState(true);
  const activeDocs = activeDocsPage(location.pathname, location.search);
  const isActive = (path: string) => location.pathname === path;

  return (
    <Box component="nav" aria-label="Main" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }} onClick={(event) => {
      // Close the mobile drawer when a link (not the Documentation toggle) was followed.
      if ((event.target as HTMLElement).closest('a')) onNavigate?.();
    }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, px: 2.5, height: 64, flexShrink: 0 }}>
        <ApiIcon color="primary" aria-hidden />
        <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.05rem', letterSpacing: '-0.01em' }}>
          {brand.name} Developer Portal
        </Typography>
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', flex: 1, px: 1.5, py: 1.5 }}>
        <List disablePadding dense>
          <ListItemButton onClick={() => setDocsOpen((open) => !open)} aria-expanded={docsOpen} aria-controls="sidebar-docs">
            <ListItemIcon sx={{ minWidth: 36 }}>
              <MenuBookOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Documentation" slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
            {docsOpen ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </ListItemButton>
          <Collapse in={docsOpen} timeout="auto" id="sidebar-docs">
            {docsNav.map((group) => {
              const [only] = group.pages;
              // A group with a single page (Authentication) is itself the link.
              if (group.pages.length === 1 && only) {
                const active = activeDocs?.category === only.category && activeDocs.subcategory === only.subcategory;
                return <SubItem key={group.category} page={only} label={group.label} active={active} depth={1} />;
              }
              return (
                <List
                  key={group.category}
                  dense
                  disablePadding
                  aria-labelledby={`sidebar-group-${group.category}`}
                  subheader={
                    <ListSubheader
                      id={`sidebar-group-${group.category}`}
                      disableSticky
                      sx={{ pl: 4, lineHeight: '32px', bgcolor: 'transparent', fontSize: '0.75rem', textTransform: 'uppercase', letterSpacing: '0.06em' }}
                    >
                      {group.label}
                    </ListSubheader>
                  }
                >
                  {group.pages.map((page) => (
                    <SubItem
                      key={page.subcategory}
                      page={page}
                      label={page.label}
                      depth={2}
                      active={activeDocs?.category === page.category && activeDocs.subcategory === page.subcategory}
                    />
                  ))}
                </List>
              );
            })}
            <SubItem page={{ to: '/documentation/explorer' }} label="API explorer" active={isActive('/documentation/explorer')} depth={1} />
          </Collapse>
          <ListItemButton component={RouterLink} to="/api-test" selected={isActive('/api-test')} aria-current={isActive('/api-test') ? 'page' : undefined} sx={{ mt: 0.5 }}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <ScienceOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="API Test" slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
          </ListItemButton>
          <ListItemButton component={RouterLink} to="/settings" selected={isActive('/settings')} aria-current={isActive('/settings') ? 'page' : undefined}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <VpnKeyOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Settings" slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
          </ListItemButton>
        </List>
      </Box>
    </Box>
  );
}
