/**
 * The portal's screens, declared once. The app's table (src/web/app/screens.ts) adds each one's icon and
 * lazy module; the router, the sidebar, each screen's <title>, the end-to-end tests and the screenshot
 * script read this one. The order is the sidebar's.
 */
export interface ScreenData {
  /** The route's path; `*` for any path no other screen claims. */
  readonly path: string;
  /** Its route module, from src/web (the app loads it lazily; vite.config.ts names first-load chunks by it). */
  readonly module: string;
  /** A URL that shows the screen, when its path is a pattern. */
  readonly sampleUrl?: string;
  /** Also the screen at `/`. */
  readonly home?: boolean;
  /** Outside the shell: no sidebar, and no session needed. */
  readonly outsideShell?: boolean;
  /** Its sidebar label; none for a screen the sidebar does not list. */
  readonly label?: string;
  /** The screen whose sidebar item lists it, for one that is not a top item. */
  readonly parent?: string;
  /** The title text that screenTitle() completes; none where the docs feature titles its own pages. */
  readonly title?: string;
  /** Part of the reference: readable without login when the server publishes it (PUBLIC_DOCS). */
  readonly reference?: boolean;
}

export const screens = {
  login: { path: '/login', module: '/app/routes/login-route.tsx', outsideShell: true, title: 'Log in' },
  documentation: { path: '/documentation', module: '/features/docs/routes/documentation-route.tsx', home: true, label: 'Documentation', reference: true },
  explorer: {
    path: '/documentation/explorer',
    module: '/features/docs/routes/explorer-route.tsx',
    label: 'API explorer',
    parent: 'documentation',
    reference: true,
  },
  'api-test': { path: '/api-test', module: '/app/routes/api-test-route.tsx', label: 'API Test', title: 'API Test' },
  usage: { path: '/usage', module: '/app/routes/usage-route.tsx', label: 'Usage', title: 'Usage' },
  activity: { path: '/activity', module: '/app/routes/activity-route.tsx', label: 'Activity', title: 'Activity' },
  webhooks: { path: '/webhooks', module: '/app/routes/webhooks-route.tsx', label: 'Webhooks', title: 'Webhooks' },
  settings: { path: '/settings', module: '/app/routes/settings-route.tsx', label: 'Settings', title: 'Settings' },
  'not-found': { path: '*', module: '/app/routes/not-found-route.tsx', sampleUrl: '/no-such-page', title: 'Page not found' },
} as const satisfies Record<string, ScreenData>;

/** The shell's route module (sidebar and top bar around every screen inside it), from src/web. */
export const SHELL_MODULE = '/app/shell/shell-route.tsx';

export type ScreenName = keyof typeof screens;

export interface NamedScreen extends ScreenData {
  readonly name: ScreenName;
}

/** The table as a list, in its order. */
export const screenList: readonly NamedScreen[] = Object.entries(screens).map(([name, screen]) => ({ name: name as ScreenName, ...screen }));

/** The document title of a screen: its title, then the portal's name. */
export function screenTitle(title: string, brandName: string): string {
  return `${title} · ${brandName} Developer Portal`;
}

/** The document title of a documentation page: `Orders · Seller API · Documentation`, or `Changelog · Documentation` for a group's only page. */
export function documentationTitle(page: { title: string; groupTitle: string }): string {
  return `${page.groupTitle === page.title ? page.title : `${page.title} · ${page.groupTitle}`} · Documentation`;
}

/** A URL that opens the screen. */
export function screenUrl(screen: ScreenData): string {
  return screen.sampleUrl ?? screen.path;
}

/** Whether a path shows part of the reference (`/` is the documentation's home), which PUBLIC_DOCS publishes. */
export function isReferencePath(pathname: string): boolean {
  return screenList.some((screen) => screen.reference === true && (screen.path === pathname || (screen.home === true && pathname === '/')));
}
