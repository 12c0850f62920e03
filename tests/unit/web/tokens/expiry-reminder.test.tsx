/**
 * The shell's token expiry reminder (listApiTokens on every screen): who it names, the link, dismissal per
 * day, and the server's sentence on a page it answered with HTML.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { REMINDER_DISMISSED_COOKIE } from '../../../../src/shared/portal-data/prerendered-pages';
import { setPrerenderState } from '../../../../src/web/lib/prerender-state';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { daysFromNow, fakeSellerToken, seller, tokenFixture } from '../support/fixtures';
import { currentUrl, renderApp } from '../support/render-app';
import { localDay } from '../../../../src/web/features/tokens/lib/reminder-dismissal';

setupMsw();

const reminder = () => screen.findByRole('complementary', { name: 'Token expiry reminder' });
const dismissalCookie = () => document.cookie.split('; ').find((pair) => pair.startsWith(`${REMINDER_DISMISSED_COOKIE}=`));

afterEach(() => {
  document.cookie = `${REMINDER_DISMISSED_COOKIE}=; max-age=0; path=/`;
  setPrerenderState(null);
});

describe('token expiry reminder', () => {
  it('names the one token that expires within 7 days and links to Settings', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([tokenFixture({ expiryDate: daysFromNow(3.5) }), tokenFixture({ title: 'Fine', token: fakeSellerToken('fine') })]),
    );
    const { user, router } = renderApp('/api-test');
    const banner = await reminder();
    expect(within(banner).getByRole('status')).toHaveTextContent('Your API token “Shop sync” expires in 3 days.');
    expect(banner).not.toHaveTextContent('Fine');
    await user.click(within(banner).getByRole('link', { name: 'Review in Settings' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/settings'));
    // On Settings itself the link would go nowhere.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Review in Settings' })).not.toBeInTheDocument());
    expect(within(await reminder()).getByRole('button', { name: 'Dismiss for today' })).toBeInTheDocument();
  });

  it('names every expired and expiring token', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([
        tokenFixture({ title: 'Old', token: fakeSellerToken('old'), expiryDate: daysFromNow(-2) }),
        tokenFixture({ title: 'Soon', token: fakeSellerToken('soon'), expiryDate: daysFromNow(0.3) }),
        tokenFixture({ title: 'Later', token: fakeSellerToken('later'), expiryDate: daysFromNow(30) }),
      ]),
    );
    renderApp('/');
    expect(within(await reminder()).getByRole('status')).toHaveTextContent('2 of your API tokens need attention: “Old” has expired, “Soon” expires today.');
  });

  it('shows nothing when every token has more than 7 days left, or there are none', async () => {
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture({ expiryDate: daysFromNow(8) })]));
    renderApp('/settings');
    await screen.findByRole('article', { name: 'Shop sync' });
    expect(screen.queryByRole('complementary', { name: 'Token expiry reminder' })).not.toBeInTheDocument();
  });

  it('once dismissed, stays hidden for the rest of the day in this browser', async () => {
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture({ expiryDate: daysFromNow(-1) })]));
    const first = renderApp('/api-test');
    await first.user.click(within(await reminder()).getByRole('button', { name: 'Dismiss for today' }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Token expiry reminder' })).not.toBeInTheDocument());
    expect(dismissalCookie()).toBe(`${REMINDER_DISMISSED_COOKIE}=${localDay(new Date())}`);
    first.unmount();

    // A new visit the same day: still hidden (the token list has loaded, the screen is there).
    renderApp('/settings');
    await screen.findByRole('article', { name: 'Shop sync' });
    expect(screen.queryByRole('complementary', { name: 'Token expiry reminder' })).not.toBeInTheDocument();
  });

  it('comes back on another day', async () => {
    document.cookie = `${REMINDER_DISMISSED_COOKIE}=${localDay(new Date(Date.now() - 86_400_000))}; path=/`;
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture({ expiryDate: daysFromNow(-1) })]));
    renderApp('/');
    expect(within(await reminder()).getByRole('status')).toHaveTextContent('Your API token “Shop sync” has expired.');
  });

  it('stores only the day, never a token', async () => {
    const token = tokenFixture({ expiryDate: daysFromNow(1.5) });
    server.use(getCurrentUser(seller), listApiTokens([token]));
    const { user } = renderApp('/');
    await user.click(within(await reminder()).getByRole('button', { name: 'Dismiss for today' }));
    await waitFor(() => expect(dismissalCookie()).toBeDefined());
    expect(document.cookie).not.toContain(token.token);
    expect(JSON.stringify({ ...localStorage })).not.toContain(token.token);
  });

  it("on a page the server answered with HTML, shows the server's sentence until the token list has loaded", async () => {
    setPrerenderState({ user: seller, origin: 'http://localhost', page: 'none', reminder: 'Your API token “From the server” has expired.' });
    server.use(
      getCurrentUser(seller),
      http.get('*/api/auth/token', async () => {
        await delay(150);
        return HttpResponse.json({ data: [tokenFixture({ title: 'Live', expiryDate: daysFromNow(2.5) })] });
      }),
    );
    renderApp('/api-test');
    // Drawn before the list arrives: hydration finds the banner the server wrote.
    expect(within(await reminder()).getByRole('status')).toHaveTextContent('Your API token “From the server” has expired.');
    // Then the live list words it.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your API token “Live” expires in 2 days.'));
  });
});
