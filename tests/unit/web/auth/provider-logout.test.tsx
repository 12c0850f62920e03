/** Logout of a session signed in with the OpenID Provider: the browser follows the answer's end-session URL. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { seller } from '../support/fixtures';
import { renderApp } from '../support/render-app';

setupMsw();
afterEach(() => vi.restoreAllMocks());

const END_SESSION = 'https://idp.example/end-session?client_id=portal&post_logout_redirect_uri=https%3A%2F%2Fportal.example%2Flogin';

describe('logout of an OpenID session', () => {
  it('opens the end-session URL the logout answered with', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/auth/logout', () => new HttpResponse(null, { status: 204, headers: { location: END_SESSION } })),
    );
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(END_SESSION));
  });

  it('stays on /login when the answer names nowhere (a local session)', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let called = false;
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/auth/logout', () => {
        called = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(called).toBe(true));
    expect(router.state.location.pathname).toBe('/login');
    expect(assign).not.toHaveBeenCalled();
  });
});
