/** The shell's token expiry reminder (listApiTokens on every screen): who it names, the link, dismissal per day. */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { daysFromNow, fakeSellerToken, seller, tokenFixture } from '../support/fixtures';
import { currentUrl, renderApp } from '../support/render-app';
import { localDay } from '../../../../src/web/features/tokens/lib/reminder-dismissal';

setupMsw();

const KEY = 'token-expiry-reminder-dismissed-on';
const reminder = () => screen.findByRole('complementary', { name: 'Token expiry reminder' });

afterEach(() => localStorage.clear());

describe('token expiry reminder', () => {
  it('names the one token that expires within 7 days and links to Settings', async () => {
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture({ expiryDate: daysFromNow(3.5) }), tokenFixture({ title: 'Fine', token: fakeSellerToken('fine') })]));
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
    expect(localStorage.getItem(KEY)).toBe(localDay(new Date()));
    first.unmount();

    // A new visit the same day: still hidden (the token list has loaded, the screen is there).
    renderApp('/settings');
    await screen.findByRole('article', { name: 'Shop sync' });
    expect(screen.queryByRole('complementary', { name: 'Token expiry reminder' })).not.toBeInTheDocument();
  });

  it('comes back on another day', async () => {
    localStorage.setItem(KEY, localDay(new Date(Date.now() - 86_400_000)));
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture({ expiryDate: daysFromNow(-1) })]));
    renderApp('/');
    expect(within(await reminder()).getByRole('status')).toHaveTextContent('Your API token “Shop sync” has expired.');
  });

  it('stores only the day, never a token', async () => {
    const token = tokenFixture({ expiryDate: daysFromNow(1.5) });
    server.use(getCurrentUser(seller), listApiTokens([token]));
    const { user } = renderApp('/');
    await user.click(within(await reminder()).getByRole('button', { name: 'Dismiss for today' }));
    expect(JSON.stringify({ ...localStorage })).not.toContain(token.token);
    expect(Object.keys(localStorage)).toContain(KEY);
  });
});
