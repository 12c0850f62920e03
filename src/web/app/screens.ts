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
import WebhookIcon from '@mui/icons-material/Webhook';
import { screenList, type NamedScreen, type ScreenName } from '../../shared/portal-data/screens';
import { lazyRoute, type LazyRoute, type RouteModule } from './lazy-route';

interface ScreenParts {
  /** Beside a top item's label in the sidebar. */
  icon?: ComponentType<SvgIconProps>;
  route: LazyRoute;
}

export interface AppScreen extends NamedScreen, ScreenParts {}

const icons: Partial<Record<ScreenName, ComponentType<SvgIconProps>>> = {
  documentation: MenuBookOutlinedIcon,
  'api-test': ScienceOutlinedIcon,
  usage: InsightsOutlinedIcon,
  activity: HistoryOutlinedIcon,
  webhooks: WebhookIcon,
  settings: VpnKeyOutlinedIcon,
};

// Relative globs (keys like `./routes/usage-route.tsx`), so they resolve the same under Vite and Vitest.
const routeModules = import.meta.glob<RouteModule>(['./routes/*-route.tsx', './shell/shell-route.tsx', '../features/*/routes/*-route.tsx']);

/** The lazy route of a module named from src/web (`/app/routes/usage-route.tsx`), as the screens table names it. */
export function routeOfModule(module: string): LazyRoute {
  const key = module.startsWith('/app/') ? `.${module.slice('/app'.length)}` : `..${module}`;
  const load = routeModules[key];
  if (!load) throw new Error(`No route module ${module}`);
  return lazyRoute(load);
}

export const appScreens: readonly AppScreen[] = screenList.map((screen) => ({ ...screen, icon: icons[screen.name], route: routeOfModule(screen.module) }));
