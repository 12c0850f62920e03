/** login: the login screen. */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { seller } from '../support/fixtures';
import { currentUrl, renderApp } from '../support/render-app';

setupMsw();

const LOGIN_FAILED = 'Login failed. Please check your email and password.';

describe('login', () => {
  it('labels every field: an email-type input, a password and a user type that defaults to Seller, plus the note', async () => {
    const { user } = renderApp('/login');
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    const userType = screen.getByRole('combobox', { name: 'User type' });
    expect(userType).toHaveTextContent('Seller');
    await user.click(userType);
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Seller', 'Warehouse']);
    expect(screen.getByText(/same email and password as the warehouse management system/)).toBeInTheDocument();
    expect(screen.getByText(/check that the user type matches/)).toBeInTheDocument();
  });

  it('submits with Enter, disables the button while in flight, and goes to /', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        body = await request.json();
        await delay(150);
        return HttpResponse.json(seller);
      }),
      getCurrentUser(seller),
      http.get('*/api/docs-never-called', () => HttpResponse.json({})),
    );
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'seller@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-password{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: /log in/i })).toBeDisabled());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(body).toEqual({ email: 'seller@example.com', password: 'demo-password', userType: 'SELLER' });
  });

  it('sends the chosen user type', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 401, message: 'Invalid email, password or user type.' }, { status: 401 });
      }),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'seller@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-password');
    await user.click(await screen.findByRole('combobox', { name: 'User type' }));
    await user.click(screen.getByRole('option', { name: 'Warehouse' }));
    await user.click(screen.getByRole('button', { name: /log in/i }));
    await waitFor(() => expect(body).toMatchObject({ userType: 'WAREHOUSE' }));
  });

  it('returns to the remembered destination after login', async () => {
    server.use(
      http.post('*/api/auth/login', () => HttpResponse.json(seller)),
      getCurrentUser(seller),
      listApiTokens([]),
    );
    const { user, router } = renderApp('/login?redirectTo=%2Fsettings');
    await user.type(await screen.findByLabelText('Email'), 'seller@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-password');
    await user.click(screen.getByRole('button', { name: /log in/i }));
    await waitFor(() => expect(currentUrl(router)).toBe('/settings'));
    expect(await screen.findByRole('heading', { name: 'API tokens' })).toBeInTheDocument();
  });

  it('ignores a remembered destination on another site', async () => {
    server.use(
      http.post('*/api/auth/login', () => HttpResponse.json(seller)),
      getCurrentUser(seller),
    );
    const { user, router } = renderApp('/login?redirectTo=%2F%2Fevil.example%2F');
    await user.type(await screen.findByLabelText('Email'), 'seller@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-password');
    await user.click(screen.getByRole('button', { name: /log in/i }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it.each([
    ['a 401', () => HttpResponse.json({ status: 401, message: 'Invalid email, password or user type.' }, { status: 401 })],
    ['a 500 without a body', () => new HttpResponse(null, { status: 500 })],
    ['a network error', () => HttpResponse.error()],
  ])('shows the spec toast for %s, announced, and removes it after 3000 ms', async (_, resolver) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.use(http.post('*/api/auth/login', resolver));
      const { user } = renderApp('/login', { userEvent: { advanceTimers: vi.advanceTimersByTime } });
      await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
      await user.type(screen.getByLabelText('Password'), 'some-password');
      await user.click(screen.getByRole('button', { name: /log in/i }));
      const toast = await screen.findByRole('alert');
      expect(toast).toHaveTextContent(LOGIN_FAILED);
      const shownAt = Date.now();
      await vi.advanceTimersByTimeAsync(2800 - (Date.now() - shownAt));
      expect(screen.getByText(LOGIN_FAILED)).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(1200);
      await waitFor(() => expect(screen.queryByText(LOGIN_FAILED)).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it('says how long signing in is paused when the throttle answers 429, counting down, and shows no failure toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.use(
        http.post('*/api/auth/login', () =>
          HttpResponse.json({ status: 429, message: 'Too many failed logins, retry in 90 seconds.' }, { status: 429, headers: { 'Retry-After': '90' } }),
        ),
      );
      const { user } = renderApp('/login', { userEvent: { advanceTimers: vi.advanceTimersByTime } });
      await user.type(await screen.findByLabelText('Email'), 'seller@example.com');
      await user.type(screen.getByLabelText('Password'), 'demo-password');
      await user.click(screen.getByRole('button', { name: /log in/i }));
      const notice = await screen.findByRole('alert');
      expect(notice).toHaveTextContent('Signing in from this address is paused after too many failed attempts. Try again in 1:30.');
      expect(screen.queryByText(LOGIN_FAILED)).not.toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(32_000);
      expect(screen.getByRole('alert')).toHaveTextContent(/Try again in 0:5[89]\.$/);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await screen.findByRole('status')).toHaveTextContent('You can try signing in again.');
      expect(screen.queryByText(/is paused/)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says inline what is missing or malformed, and sends nothing', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/auth/login', () => {
        calls += 1;
        return HttpResponse.json(seller);
      }),
    );
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: /log in/i }));
    expect(await screen.findByText('Enter your email.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Email'), 'seller.example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-password');
    await user.click(screen.getByRole('button', { name: /log in/i }));
    expect(await screen.findByText('Enter an email address such as name@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('shows one failure toast at a time, however often the login fails', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.json({ status: 401, message: 'Invalid email, password or user type.' }, { status: 401 })));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    const button = screen.getByRole('button', { name: /log in/i });
    await user.click(button);
    await screen.findByRole('alert');
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    // The newest failure replaces the toast on screen; the replaced one leaves after its exit transition.
    await waitFor(() => expect(screen.getAllByText(LOGIN_FAILED)).toHaveLength(1));
  });

  it('sends a logged-in visitor on to the documentation', async () => {
    server.use(getCurrentUser(seller));
    const { router } = renderApp('/login', { signedIn: true });
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('makes no request when no one is logged in in this browser', async () => {
    const requests: string[] = [];
    const listener = ({ request }: { request: Request }) => requests.push(new URL(request.url).pathname);
    server.events.on('request:start', listener);
    try {
      renderApp('/login');
      expect(await screen.findByLabelText('Email')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(requests).toEqual([]);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });
});
