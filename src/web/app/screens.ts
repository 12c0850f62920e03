/**
 * The app's screens: the shared table (src/shared/portal-data/screens.ts) with what only React needs, each
 * screen's sidebar icon and its module. Every module loads lazily, in its own chunk; the docs feature owns
 * its route modules.
 */
import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import { screenList, type NamedScreen, type ScreenName } from '../../shared/portal-data/screens';
import { lazyRoute, type LazyRoute } from './lazy-route';

interface ScreenParts {
  /** Beside a top item's label in the sidebar. */
  icon?: ComponentType<SvgIconProps>;
  route: LazyRoute;
}

export interface AppScreen extends NamedScreen, ScreenParts {}

const parts: Record<ScreenName, ScreenParts> = {
  login: { route: lazyRoute(() => import('./routes/login-route')) },
  documentation: { icon: MenuBookOutlinedIcon, route: lazyRoute(() => import('../features/docs/routes/documentation-route')) },
  explorer: { route: lazyRoute(() => import('../features/docs/routes/explorer-route')) },
  'api-test': { icon: ScienceOutlinedIcon, route: lazyRoute(() => import('./routes/api-test-route')) },
  usage: { icon: InsightsOutlinedIcon, route: lazyRoute(() => import('./routes/usage-route')) },
  activity: { icon: HistoryOutlinedIcon, route: lazyRoute(() => import('./routes/activity-route')) },
  settings: { icon: VpnKeyOutlinedIcon, route: lazyRoute(() => import('./routes/settings-route')) },
  'not-found': { route: lazyRoute(() => import('./routes/not-found-route')) },
};

export const appScreens: readonly AppScreen[] = screenList.map((screen) => ({ ...screen, ...parts[screen.name] }));
