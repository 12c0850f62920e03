/** The shell's leak banner: listLeakNotices on every screen, dismissLeakNotice. */
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, getPortalSettings, listLeakNotices, type LeakNoticeFixture } from '../support/handlers';
import { seller } from '../support/fixtures';
import { renderApp } from '../support/render-app';

setupMsw();

const ci: LeakNoticeFixture = {
  tokenId: 3,
  tokenTitle: 'CI',
  foundAt: 'https://github.com/example/erp-sync/blob/main/.env',
  revokedDate: '2026-04-02T08:30:00Z',
};

describe('listLeakNotices', () => {
  it.each(['/settings', '/usage', '/api-test', '/activity'])('names the token and where it was found, on %s', async (path) => {
    server.use(
      getCurrentUser(seller),
      listLeakNotices([ci]),
      // Whatever the screen asks for itself: empty answers.
      http.get('*/api/usage/*', () =>
        HttpResponse.json({
          data: [],
          nextCursor: null,
          bucket: 'hour',
          points: [],
          totals: { calls: 0, errorRate: 0, p50Ms: null, p95Ms: null, busiestOperation: null },
        }),
      ),
      http.get('*/api/portal/activity', () => HttpResponse.json({ data: [], nextCursor: null })),
    );
    renderApp(path);
    const banner = await screen.findByRole('complementary', { name: 'Leaked tokens' });
    const alert = within(banner).getByRole('alert');
    expect(alert).toHaveTextContent(`Your token 'CI' was found in public at ${ci.foundAt} and has been revoked.`);
    const link = within(alert).getByRole('link', { name: ci.foundAt });
    expect(link).toHaveAttribute('href', ci.foundAt);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('shows one banner per notice, and none when there are none', async () => {
    server.use(getCurrentUser(seller), listLeakNotices([ci, { ...ci, tokenId: 4, tokenTitle: 'Nightly' }]));
    renderApp('/settings');
    const banner = await screen.findByRole('complementary', { name: 'Leaked tokens' });
    expect(
      within(banner)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([expect.stringContaining("Your token 'CI'"), expect.stringContaining("Your token 'Nightly'")]);
  });

  it('leaves a place that is not a web address as text', async () => {
    server.use(getCurrentUser(seller), listLeakNotices([{ ...ci, foundAt: 'javascript:alert(1)' }]));
    renderApp('/settings');
    const alert = within(await screen.findByRole('complementary', { name: 'Leaked tokens' })).getByRole('alert');
    expect(alert).toHaveTextContent("Your token 'CI' was found in public at javascript:alert(1) and has been revoked.");
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks again when the window regains focus', async () => {
    let notices: LeakNoticeFixture[] = [];
    server.use(
      getCurrentUser(seller),
      http.get('*/api/portal/leak-notices', () => HttpResponse.json({ data: notices })),
    );
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Signed-in sessions' });
    expect(screen.queryByRole('complementary', { name: 'Leaked tokens' })).not.toBeInTheDocument();
    notices = [ci];
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByRole('complementary', { name: 'Leaked tokens' })).toHaveTextContent("Your token 'CI'");
  });

  it('is not asked for by a logged-out reader of the public reference', async () => {
    // An unhandled request fails the test: listLeakNotices must not be called.
    server.use(
      getCurrentUser(null),
      getPortalSettings(true),
      http.get('*/api/portal/leak-notices', () => HttpResponse.error()),
    );
    renderApp('/documentation', { signedIn: false });
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Leaked tokens' })).not.toBeInTheDocument();
  });
});

describe('dismissLeakNotice', () => {
  it('calls the API with the token id and hides the banner', async () => {
    const dismissed: string[] = [];
    server.use(
      getCurrentUser(seller),
      listLeakNotices([ci]),
      http.delete('*/api/portal/leak-notices/:tokenId', ({ params }) => {
        dismissed.push(String(params.tokenId));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/settings');
    const banner = await screen.findByRole('complementary', { name: 'Leaked tokens' });
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Leaked tokens' })).not.toBeInTheDocument());
    expect(dismissed).toEqual(['3']);
  });
});
