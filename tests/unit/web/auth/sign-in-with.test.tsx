/** The login page with an OpenID Provider: "Sign in with ...", the form only when LOGIN_FORM shows it, the failure marker's toast. */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { currentUrl, renderApp } from '../support/render-app';

setupMsw();

const LOGIN_FAILED = 'Login failed. Please check your email and password.';
const UNAVAILABLE = 'The warehouse system could not be reached; try again in a minute.';
const OIDC_ONLY = { publicDocs: false, loginForm: false, signInWith: 'Acme WMS', liveTokens: false };
const OIDC_AND_FORM = { publicDocs: false, loginForm: true, signInWith: 'Acme WMS', liveTokens: false };

describe('sign in with the OpenID Provider', () => {
  it('offers only the button and the user type when the form is off, the user type and destination travelling with it', async () => {
    const { user } = renderApp('/login?redirectTo=%2Fsettings', { pageSettings: OIDC_ONLY });
    const button = await screen.findByRole('link', { name: 'Sign in with Acme WMS' });
    expect(button).toHaveAttribute('href', '/api/auth/oidc/start?userType=SELLER&redirectTo=%2Fsettings');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByText(/same email and password as the warehouse management system/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'User type' }));
    await user.click(screen.getByRole('option', { name: 'Warehouse' }));
    expect(button).toHaveAttribute('href', '/api/auth/oidc/start?userType=WAREHOUSE&redirectTo=%2Fsettings');
  });

  it("shows the form and the button together, the form's user type choosing the button's", async () => {
    const { user } = renderApp('/login', { pageSettings: OIDC_AND_FORM });
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /log in/i })).toBeInTheDocument();
    expect(screen.getAllByRole('combobox', { name: 'User type' })).toHaveLength(1);
    await user.click(screen.getByRole('combobox', { name: 'User type' }));
    await user.click(screen.getByRole('option', { name: 'Warehouse' }));
    expect(screen.getByRole('link', { name: 'Sign in with Acme WMS' })).toHaveAttribute('href', '/api/auth/oidc/start?userType=WAREHOUSE');
  });

  it('shows no button without an OpenID Provider', async () => {
    renderApp('/login');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /sign in with/i })).not.toBeInTheDocument();
  });

  it('asks the server for the settings on a page without them', async () => {
    server.use(http.get('*/api/portal/settings', () => HttpResponse.json(OIDC_ONLY)));
    renderApp('/login', { pageSettings: null });
    expect(await screen.findByRole('link', { name: 'Sign in with Acme WMS' })).toBeInTheDocument();
  });

  it('turns the failure marker into the login failure toast for 3000 ms, and removes the marker', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { router } = renderApp('/login?signIn=failed&redirectTo=%2Fusage', { pageSettings: OIDC_ONLY });
      expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_FAILED);
      await waitFor(() => expect(currentUrl(router)).toBe('/login?redirectTo=%2Fusage'));
      await vi.advanceTimersByTimeAsync(2800);
      expect(screen.getByText(LOGIN_FAILED)).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(1200);
      await waitFor(() => expect(screen.queryByText(LOGIN_FAILED)).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it("says the provider's 503 message for the unavailable marker", async () => {
    renderApp('/login?signIn=unavailable', { pageSettings: OIDC_ONLY });
    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(screen.queryByText(LOGIN_FAILED)).not.toBeInTheDocument();
  });
});
