/** The sidebar as a temporary drawer below 900 px. Its own chunk: Drawer brings Modal and Slide, which wide screens never need. */
import Drawer from '@mui/material/Drawer';
import { SIDEBAR_WIDTH_PX } from '../../../shared/limits';
import { Sidebar } from './sidebar';

export default function NavigationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      id="sidebar-drawer"
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': 'Navigation' } }}
      sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH_PX, boxSizing: 'border-box' } }}
    >
      <Sidebar onNavigate={onClose} />
    </Drawer>
  );
}
