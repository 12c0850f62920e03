/**
 * The reference for a logged-out reader when the server publishes it (PUBLIC_DOCS): the page in the shell
 * with "Log in" in the top bar, only the reference in the sidebar, the samples, "Try it" and the
 * Authentication page's token button offering to log in, and the page menu's ChatGPT and Claude links; the screens still send the reader to /login. No request the
 * reader makes may answer 401 (msw fails the test on any request it has no handler for).
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getPortalSettings } from '../support/handlers';
import { currentUrl, renderApp } from '../support/render-app';

setupMsw();

const PAGE = '/documentation?category=seller&subcategory=order';

/** Any call for the user's data fails the test: a logged-out reader must not ask. */
function forbidUserCalls(): string[] {
  const asked: string[] = [];
  server.use(
    http.get('*/api/auth/*', ({ request }) => {
      asked.push(new URL(request.url).pathname);
      return HttpResponse.json({ status: 401, message: 'forbidden' }, { status: 401 });
    }),
  );
  return asked;
}

describe('PUBLIC_DOCS on, logged out', () => {
  it('shows the page with Log in (back to the page) in the top bar and only the reference in the sidebar', async () => {
    server.use(getPortalSettings(true));
    const asked = forbidUserCalls();
    renderApp(PAGE, { signedIn: false });
    // The loaded page (its "Loading…" stand-in has the same h1).
    expect(await screen.findByRole('heading', { level: 2, name: 'Get a return order' })).toBeInTheDocument();
    // The top bar (the page's own <header> is a banner too, hence the first).
    const [topBar] = screen.getAllByRole('banner');
    expect(within(topBar!).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent(PAGE)}`);
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('list', { name: 'Seller API' })).toBeInTheDocument();
    expect(within(nav).getByRole('list', { name: 'Warehouse API' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'API explorer' })).toBeInTheDocument();
    for (const hidden of ['API Test', 'Usage', 'Settings']) expect(within(nav).queryByRole('link', { name: hidden })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('offers to log in instead of a token in the samples', async () => {
    server.use(getPortalSettings(true));
    const asked = forbidUserCalls();
    const { user } = renderApp('/documentation?category=seller&subcategory=warehouse', { signedIn: false });
    const section = (await screen.findByRole('heading', { level: 2, name: 'List warehouses' })).closest('section');
    if (!section) throw new Error('no section');
    await user.click(within(section).getByRole('button', { name: 'Use my token' }));
    expect(await within(section).findByRole('link', { name: 'Log in to use your tokens' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/documentation?category=seller&subcategory=warehouse')}`,
    );
    expect(asked).toEqual([]);
  });

  it('offers to log in where a signed-in reader tries an operation', async () => {
    server.use(getPortalSettings(true));
    const asked = forbidUserCalls();
    renderApp(PAGE, { signedIn: false });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Get a return order' })).closest('section');
    if (!section) throw new Error('no section');
    expect(await within(section).findByRole('link', { name: 'Log in to try it' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/api-test?operation=getSellerReturnOrder&id=1')}`,
    );
    expect(within(section).queryByRole('button', { name: 'Try it' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Open in API Test' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('offers to log in to create a token on the Authentication page', async () => {
    server.use(getPortalSettings(true));
    renderApp('/documentation?category=authentication', { signedIn: false });
    expect(await screen.findByRole('link', { name: 'Log in to create a token' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/settings')}`,
    );
    expect(screen.queryByRole('link', { name: 'Create a token in Settings' })).not.toBeInTheDocument();
  });

  it('offers Open in ChatGPT and Open in Claude in the page menu, naming the page’s Markdown', async () => {
    server.use(getPortalSettings(true));
    const { user } = renderApp(PAGE, { signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Copy page, or open it as Markdown or in an assistant' }));
    const chatGpt = await screen.findByRole('menuitem', { name: 'Open in ChatGPT' });
    expect(new URL(chatGpt.getAttribute('href') ?? '').searchParams.get('q')).toContain(`${window.location.origin}/documentation/seller/order.md`);
    expect(screen.getByRole('menuitem', { name: 'Open in Claude' })).toBeInTheDocument();
  });

  it.each(['/settings', '/api-test', '/usage'])('still sends %s to /login', async (path) => {
    server.use(getPortalSettings(true));
    const { router } = renderApp(path, { signedIn: false });
    await waitFor(() => expect(currentUrl(router)).toBe(`/login?redirectTo=${encodeURIComponent(path)}`));
  });
});

describe('PUBLIC_DOCS off', () => {
  it('sends a logged-out reader of the reference to /login', async () => {
    server.use(getPortalSettings(false));
    const { router } = renderApp(PAGE, { signedIn: false });
    await waitFor(() => expect(currentUrl(router)).toBe(`/login?redirectTo=${encodeURIComponent(PAGE)}`));
  });

  it('offers no ChatGPT or Claude link to a signed-in reader', async () => {
    server.use(
      getPortalSettings(false),
      http.get('*/api/auth/me', () => HttpResponse.json({ email: 'seller@example.com', userType: 'SELLER' })),
    );
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Copy page, or open it as Markdown or in an assistant' }));
    expect(await screen.findByRole('menuitem', { name: 'View as Markdown' })).toBeInTheDocument();
    // The settings have answered by the time the menu is open a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('menuitem', { name: 'Open in ChatGPT' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Open in Claude' })).not.toBeInTheDocument();
  });
});
