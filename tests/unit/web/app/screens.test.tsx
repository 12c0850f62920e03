/** The screens table: every screen has its route, its sidebar item (label, icon, order) and its title. */
import { describe, expect, it } from 'vitest';
import { render, screen as view, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { matchRoutes } from 'react-router';
import { brand } from '../../../../src/generated/brand';
import { routes } from '../../../../src/web/app/routes';
import { appScreens, type AppScreen } from '../../../../src/web/app/screens';
import { screenTitle, screenUrl } from '../../../../src/shared/portal-data/screens';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { seller } from '../support/fixtures';
import { renderApp } from '../support/render-app';

setupMsw();

const shown = (url: string) => matchRoutes(routes, url)?.map(({ route }) => route.handle) ?? [];
const topScreens = appScreens.filter((screen) => screen.label && !screen.parent);
const titled = appScreens.filter((screen): screen is AppScreen & { title: string } => screen.title !== undefined);

/** The path the icon draws, rendered alone. */
function iconPath(screen: AppScreen): string | null | undefined {
  const Icon = screen.icon;
  if (!Icon) return undefined;
  const { container, unmount } = render(<Icon />);
  const path = container.querySelector('svg path')?.getAttribute('d');
  unmount();
  return path;
}

describe('the router', () => {
  it.each(appScreens.map((screen) => [screen.name, screen] as const))('shows %s at its URL, inside the shell unless it stands outside', (_, screen) => {
    const handles = shown(screenUrl(screen));
    expect(handles.at(-1)).toBe(screen.route);
    expect(handles).toHaveLength(screen.outsideShell ? 1 : 3);
  });

  it('shows the home screen at /', () => {
    const [home] = appScreens.filter((screen) => screen.home);
    expect(home).toBeDefined();
    expect(shown('/').at(-1)).toBe(home?.route);
  });
});

describe('the sidebar', () => {
  it('lists the top screens in the table order, each with its label, icon and link, and the screens under them', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    renderApp('/settings');
    const nav = await view.findByRole('navigation', { name: 'Main' });
    const labels = new Set(topScreens.map((screen) => screen.label));
    const items = [...nav.querySelectorAll('a, button, [role="button"]')].filter((item) => labels.has(item.textContent?.trim() ?? ''));
    expect(items.map((item) => item.textContent?.trim())).toEqual(topScreens.map((screen) => screen.label));
    for (const [index, screen] of topScreens.entries()) {
      const item = items[index];
      if (item?.tagName === 'A') expect(item).toHaveAttribute('href', screen.path);
      expect(item?.querySelector('svg path')?.getAttribute('d'), `${screen.name}'s icon`).toBe(iconPath(screen));
    }
    for (const screen of appScreens.filter((entry) => entry.label && entry.parent)) {
      const parent = topScreens.find((top) => top.name === screen.parent);
      expect(parent, `${screen.name}'s parent`).toBeDefined();
      const pages = within(nav).getByRole('list', { name: `${parent?.label ?? ''} pages` });
      expect(within(pages).getByRole('link', { name: screen.label })).toHaveAttribute('href', screen.path);
    }
  });

  it('links to every labelled screen and to no screen without a label', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    renderApp('/settings');
    const nav = await view.findByRole('navigation', { name: 'Main' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    for (const screen of appScreens.filter((entry) => entry.path !== '*' && !entry.home)) {
      expect(hrefs.includes(screen.path), screen.name).toBe(screen.label !== undefined);
    }
  });
});

describe('titles', () => {
  it.each(titled.map((screen) => [screen.name, screen] as const))('%s names itself in the document title', async (_, screen) => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/usage/series', () =>
        HttpResponse.json({ bucket: 'hour', points: [], totals: { calls: 0, errorRate: 0, p50Ms: null, p95Ms: null, busiestOperation: null } }),
      ),
      http.get('*/api/usage/operations', () => HttpResponse.json({ data: [] })),
      http.get('*/api/usage/requests', () => HttpResponse.json({ data: [], nextCursor: null })),
      http.get('*/api/portal/activity', () => HttpResponse.json({ data: [], nextCursor: null })),
      http.get('*/api/webhooks/deliveries', () => HttpResponse.json({ data: [], nextCursor: null })),
    );
    renderApp(screenUrl(screen), { signedIn: !screen.outsideShell });
    await waitFor(() => expect(document.title).toBe(screenTitle(screen.title, brand.name)));
  });
});
