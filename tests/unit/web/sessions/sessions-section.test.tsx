/** Settings' signed-in sessions: listSessions, endOtherSessions, endSession. */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, logout } from '../support/handlers';
import { CHROME_ON_LINUX, seller, sessionFixture, type PortalSessionFixture } from '../support/fixtures';
import { currentUrl, renderApp } from '../support/render-app';

setupMsw();

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

function sessionsList() {
  return screen.findByRole('list', { name: 'Signed-in sessions' });
}

/** The three session operations over one list, recording the calls. */
function sessionStore(initial: PortalSessionFixture[]) {
  let sessions = [...initial];
  const calls: string[] = [];
  server.use(
    getCurrentUser(seller),
    http.get('*/api/portal/sessions', () => HttpResponse.json({ data: sessions })),
    http.delete('*/api/portal/sessions/others', () => {
      calls.push('endOtherSessions');
      const ended = sessions.filter((session) => !session.current).length;
      sessions = sessions.filter((session) => session.current);
      return HttpResponse.json({ ended });
    }),
    http.delete('*/api/portal/sessions/:sessionId', ({ params }) => {
      calls.push(`endSession ${String(params.sessionId)}`);
      sessions = sessions.filter((session) => session.id !== Number(params.sessionId));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

describe('listSessions', () => {
  it('lists each session with its browser, address, sign-in and last seen, marking this one', async () => {
    const current = sessionFixture({ current: true });
    const other = sessionFixture({ userAgent: FIREFOX_ON_WINDOWS, ipAddress: '198.51.100.4' });
    sessionStore([current, other, sessionFixture({ userAgent: SAFARI_ON_IOS })]);
    renderApp('/settings');
    const list = await sessionsList();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Chrome on Linux (this session)', 'Firefox on Windows', 'Safari on iOS']);
    const [mine, firefox] = items;
    if (!mine || !firefox) throw new Error('missing rows');
    expect(within(mine).getByText('This session')).toBeInTheDocument();
    expect(within(firefox).queryByText('This session')).not.toBeInTheDocument();
    expect(within(mine).getByText('Chrome on Linux')).toHaveAttribute('title', CHROME_ON_LINUX);
    expect(within(firefox).getByText('198.51.100.4')).toBeInTheDocument();
    expect(within(firefox).getByText('Signed in').nextElementSibling?.textContent).toMatch(/\d{4}/);
    expect(within(firefox).getByText('Last seen').nextElementSibling?.textContent).toMatch(/\d{4}/);
  });

  it('disables "Sign out other sessions" when this is the only one', async () => {
    sessionStore([sessionFixture({ current: true })]);
    renderApp('/settings');
    await sessionsList();
    expect(screen.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();
  });
});

describe('endOtherSessions', () => {
  it('signs the others out, says how many, and keeps this one', async () => {
    const calls = sessionStore([
      sessionFixture({ current: true }),
      sessionFixture({ userAgent: FIREFOX_ON_WINDOWS }),
      sessionFixture({ userAgent: SAFARI_ON_IOS }),
    ]);
    const { user } = renderApp('/settings');
    const list = await sessionsList();
    await user.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
    expect(await screen.findByText('2 other sessions signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem')).toHaveAccessibleName('Chrome on Linux (this session)');
    expect(calls).toEqual(['endOtherSessions']);
    expect(screen.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();
  });
});

describe('endSession', () => {
  it('signs one other session out by its id', async () => {
    const other = sessionFixture({ userAgent: FIREFOX_ON_WINDOWS });
    const calls = sessionStore([sessionFixture({ current: true }), other]);
    const { user } = renderApp('/settings');
    const list = await sessionsList();
    await user.click(within(within(list).getByRole('listitem', { name: 'Firefox on Windows' })).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Firefox on Windows signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'Firefox on Windows' })).not.toBeInTheDocument());
    expect(calls).toEqual([`endSession ${other.id}`]);
  });

  it('signing this session out leaves for the login page, as Logout does', async () => {
    const current = sessionFixture({ current: true });
    const calls = sessionStore([current, sessionFixture()]);
    server.use(logout());
    const { user, router } = renderApp('/settings');
    const list = await sessionsList();
    await user.click(within(within(list).getByRole('listitem', { name: 'Chrome on Linux (this session)' })).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
    await waitFor(() => expect(calls).toEqual([`endSession ${current.id}`]));
  });
});

describe('listSessions failing', () => {
  it('says so, and retries', async () => {
    let fail = true;
    server.use(
      getCurrentUser(seller),
      http.get('*/api/portal/sessions', () =>
        fail ? HttpResponse.json({ status: 503, message: 'Unavailable' }, { status: 503 }) : HttpResponse.json({ data: [sessionFixture({ current: true })] }),
      ),
    );
    const { user } = renderApp('/settings');
    const section = (await screen.findByRole('heading', { name: 'Signed-in sessions' })).closest('section');
    if (!section) throw new Error('no section');
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('The sessions could not be loaded (Unavailable).');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await sessionsList()).toBeInTheDocument();
  });
});
