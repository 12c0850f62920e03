/** The shell: session check, sidebar, top bar, logout, not-found, theme toggle. */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { catalogue } from '../../../../src/generated/catalogue';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { seller, warehouseUser } from '../support/fixtures';
import { currentUrl, renderApp } from '../support/render-app';
import { expectConsoleErrors } from '../support/console';

setupMsw();

/** happy-dom evaluates media queries against its viewport. */
function setViewportWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height: 768 });
}

afterEach(() => {
  setViewportWidth(1024);
  localStorage.clear();
});

describe('getCurrentUser (shell load)', () => {
  it('sends a logged-out user to /login, remembering the destination, without showing the shell first', async () => {
    server.use(
      http.get('*/api/auth/me', async () => {
        await delay(100);
        return HttpResponse.json({ status: 401, message: 'Not logged in.' }, { status: 401 });
      }),
    );
    const { router } = renderApp('/api-test?operation=listSellerNormalOrders');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/api-test?operation=listSellerNormalOrders');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('redirects to plain /login from the default page', async () => {
    server.use(getCurrentUser(null));
    const { router } = renderApp('/');
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
  });

  it.each([
    ['a seller', seller, 'Seller'],
    ['a warehouse user', warehouseUser, 'Warehouse'],
  ])('shows the email and a user type badge of %s in the top bar', async (_, user, badge) => {
    server.use(getCurrentUser(user), listApiTokens([]));
    renderApp('/settings');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText(user.email)).toBeInTheDocument();
    expect(within(banner).getByText(badge)).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

describe('session lost while using the portal', () => {
  it('goes to /login, remembering the page, when a portal call answers 401', async () => {
    let loggedIn = true;
    server.use(
      http.get('*/api/auth/me', () => (loggedIn ? HttpResponse.json(seller) : HttpResponse.json({ status: 401, message: 'Not logged in.' }, { status: 401 }))),
      http.get('*/api/auth/token', () => HttpResponse.json({ data: [] })),
      http.post('*/api/auth/token', () => {
        loggedIn = false;
        return HttpResponse.json({ status: 401, message: 'Not logged in.' }, { status: 401 });
      }),
    );
    const errors = expectConsoleErrors();
    const { user, router } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Create New Token' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'x');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'y');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirectTo=%2Fsettings'));
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Create token failed (HTTP 401)'));
  });
});

describe('sidebar', () => {
  it('is 280 px wide and lists Documentation, its catalogue groups and pages, API Test, Usage, Activity, Webhooks and Settings', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    renderApp('/settings');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // The sidebar is the column around the navigation (its 1 px border included), as in the e2e test.
    const sidebar = nav.parentElement?.parentElement;
    expect(sidebar).toBeInstanceOf(HTMLElement);
    expect(getComputedStyle(sidebar as Element).width).toBe('280px');
    expect(within(nav).getByRole('button', { name: 'Documentation' })).toHaveAttribute('aria-expanded', 'true');
    for (const group of catalogue.groups) {
      for (const page of group.pages) {
        const name = group.pages.length === 1 ? group.title : page.title;
        const scope = group.pages.length === 1 ? nav : within(nav).getByRole('list', { name: group.title });
        const link = within(scope).getByRole('link', { name });
        expect(link).toHaveAttribute('href', `/documentation?category=${group.category}&subcategory=${page.subcategory}`);
      }
    }
    expect(within(nav).getByRole('list', { name: 'Seller API' }).querySelectorAll('a')).toHaveLength(7);
    expect(within(nav).getByRole('list', { name: 'Warehouse API' }).querySelectorAll('a')).toHaveLength(6);
    expect(within(nav).getByRole('link', { name: 'API Test' })).toHaveAttribute('href', '/api-test');
    expect(within(nav).getByRole('link', { name: 'Usage' })).toHaveAttribute('href', '/usage');
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/activity');
    expect(within(nav).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/webhooks');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    // Usage, Activity and Webhooks sit between API Test and Settings.
    const order = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(order.slice(-5)).toEqual(['API Test', 'Usage', 'Activity', 'Webhooks', 'Settings']);
  });

  it('highlights the current item', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/settings');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'API Test' })).not.toHaveAttribute('aria-current');
    await user.click(within(nav).getByRole('link', { name: 'API Test' }));
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'API Test' })).toHaveAttribute('aria-current', 'page'));
    expect(within(nav).getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current');
  });

  it('highlights the documentation page of the URL', async () => {
    server.use(getCurrentUser(seller));
    const { router } = renderApp('/not-a-page');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await router.navigate('/documentation?category=warehouse&subcategory=inventory');
    await waitFor(() =>
      expect(within(within(nav).getByRole('list', { name: 'Warehouse API' })).getByRole('link', { name: 'Inventory' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(within(within(nav).getByRole('list', { name: 'Seller API' })).getByRole('link', { name: 'Warehouse' })).not.toHaveAttribute('aria-current');
  });

  it('collapses and expands Documentation', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/settings');
    const toggle = await screen.findByRole('button', { name: 'Documentation' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Inventory' })).not.toBeInTheDocument());
    await user.click(toggle);
    expect(await screen.findByRole('link', { name: 'Inventory' })).toBeInTheDocument();
  });

  it('becomes a drawer behind a menu button below 900 px', async () => {
    setViewportWidth(899);
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/settings');
    const menu = await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(menu);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'API Test' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'API Test', level: 1 })).toBeInTheDocument();
  });

  it('stays open on wide screens, without a menu button', async () => {
    setViewportWidth(900);
    server.use(getCurrentUser(seller), listApiTokens([]));
    renderApp('/settings');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });
});

describe('logout', () => {
  it.each([
    ['succeeds', 204],
    ['fails', 500],
  ])('calls GET /auth/logout and goes to /login when the call %s', async (_, status) => {
    let called = false;
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/auth/logout', () => {
        called = true;
        return status === 204 ? new HttpResponse(null, { status }) : HttpResponse.json({ status, message: 'Server error' }, { status });
      }),
    );
    if (status !== 204) expectConsoleErrors();
    const { user, router } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(called).toBe(true));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });
});

describe('not found', () => {
  it('shows a not-found page inside the shell with a way back', async () => {
    server.use(getCurrentUser(seller));
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Back to the documentation' });
    expect(back).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/no/such/page');
  });
});

describe('colour mode', () => {
  it('toggles light and dark from the top bar and remembers the choice', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/settings');
    const toDark = await screen.findByRole('button', { name: 'Switch to dark mode' });
    await user.click(toDark);
    expect(await screen.findByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('portal-color-mode')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(localStorage.getItem('portal-color-mode')).toBe('light');
  });
});

describe('skip link', () => {
  it('is the first Tab stop of the shell and moves focus to the page content, leaving the URL alone', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user, router } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'API tokens' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(currentUrl(router)).toBe('/settings');
    // The next Tab stop is inside the page, not the sidebar.
    await user.tab();
    expect(screen.getByRole('main').contains(document.activeElement)).toBe(true);
  });
});
