/** The Activity screen (listActivity; exportActivity's link). */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { components } from '../../../../src/generated/api';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser } from '../support/handlers';
import { CHROME_ON_LINUX, seller } from '../support/fixtures';
import { currentUrl, renderApp } from '../support/render-app';

setupMsw();

type ActivityEvent = components['schemas']['ActivityEvent'];

let nextId = 1;
function event(type: ActivityEvent['type'], details: ActivityEvent['details'] = {}, extra: Partial<ActivityEvent> = {}): ActivityEvent {
  const id = nextId++;
  return {
    id,
    time: new Date(Date.UTC(2026, 2, 31, 9, 12, 44) - id * 60_000).toISOString(),
    type,
    ipAddress: '203.0.113.9',
    userAgent: CHROME_ON_LINUX,
    tokenId: null,
    tokenTitle: null,
    tokenEnvironment: null,
    details,
    ...extra,
  };
}

/** listActivity answering by cursor, recording each query it was asked. */
function activityApi(pages: Record<string, { data: ActivityEvent[]; nextCursor: string | null }>) {
  const asked: URLSearchParams[] = [];
  server.use(
    getCurrentUser(seller),
    http.get('*/api/portal/activity', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return HttpResponse.json(pages[params.get('cursor') ?? 'first'] ?? { data: [], nextCursor: null });
    }),
  );
  return asked;
}

function rowOf(text: string | RegExp): HTMLElement {
  const row = screen.getByRole('cell', { name: text }).closest('tr');
  if (!row) throw new Error(`no row for ${String(text)}`);
  return row;
}

describe('listActivity', () => {
  it('labels every event type and puts its details in words, with token, address and browser', async () => {
    const token = { tokenId: 3, tokenTitle: 'CI' };
    activityApi({
      first: {
        data: [
          event('signed_in'),
          event('sign_in_failed', {}, { userAgent: 'curl/8.5.0' }),
          event('signed_out', { sessionsEnded: 2 } as ActivityEvent['details']),
          event('session_ended'),
          event('token_created', { scopes: null, lifetimeDays: 90, ipAllowlist: [] }, token),
          event('token_refreshed', { graceHours: 24 }, token),
          event('grace_ended', {}, token),
          event('token_deleted', {}, token),
          event(
            'token_revoked_leaked',
            { foundAt: 'https://github.com/example/erp-sync/blob/main/.env', source: 'commit' },
            { ...token, ipAddress: null, userAgent: null },
          ),
          event('ip_allowlist_changed', { before: [], after: ['203.0.113.0/24'] }, token),
        ],
        nextCursor: null,
      },
    });
    renderApp('/activity');
    const table = await screen.findByRole('table', { name: 'Activity' });
    const labels = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelectorAll('td')[1]?.textContent);
    expect(labels).toEqual([
      'Signed in',
      'Sign-in failed',
      'Signed out',
      'Session ended',
      'Token created',
      'Token refreshed',
      'Grace window ended',
      'Token deleted',
      'Token revoked (found in public)',
      'IP allowlist changed',
    ]);
    expect(rowOf('Token created')).toHaveTextContent('All domains · 90 days · Any IP address');
    expect(rowOf('Token created')).toHaveTextContent('CI (id 3)');
    expect(rowOf('Token refreshed')).toHaveTextContent('Grace window: 24 hours');
    expect(rowOf('IP allowlist changed')).toHaveTextContent('Any IP address → 203.0.113.0/24');
    expect(rowOf('Token revoked (found in public)')).toHaveTextContent('Found in public at https://github.com/example/erp-sync/blob/main/.env (commit)');
    expect(rowOf('Signed out')).toHaveTextContent('2 sessions signed out');
    const signedIn = rowOf('Signed in');
    expect(within(signedIn).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(signedIn).getByText('Chrome on Linux')).toHaveAttribute('title', CHROME_ON_LINUX);
    expect(within(rowOf('Sign-in failed')).getByText('curl/8.5.0')).toBeInTheDocument();
    // The exact instant in the time's tooltip, the local time in the cell.
    const time = signedIn.querySelector('time');
    expect(time).toHaveAttribute('title', time?.getAttribute('datetime'));
    expect(time?.textContent).toMatch(/2026/);
  });

  it('says "No grace window" for a refresh without one', async () => {
    activityApi({ first: { data: [event('token_refreshed', { graceHours: 0 }, { tokenId: 3, tokenTitle: 'CI' })], nextCursor: null } });
    renderApp('/activity');
    expect(await screen.findByText('No grace window')).toBeInTheDocument();
  });

  it('says so when nothing happened in the range', async () => {
    activityApi({ first: { data: [], nextCursor: null } });
    renderApp('/activity?type=token_deleted');
    expect(await screen.findByText('No activity in this range.')).toBeInTheDocument();
  });

  it('shows the error and retries', async () => {
    let fail = true;
    server.use(
      getCurrentUser(seller),
      http.get('*/api/portal/activity', () =>
        fail
          ? HttpResponse.json({ status: 500, message: 'Server error' }, { status: 500 })
          : HttpResponse.json({ data: [event('signed_in')], nextCursor: null }),
      ),
    );
    const { user } = renderApp('/activity');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('The activity could not be loaded (Server error).');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'Signed in' })).toBeInTheDocument();
  });

  it('pages older and newer by the keyset cursor, kept in the URL', async () => {
    const asked = activityApi({
      first: { data: [event('signed_in')], nextCursor: '1775001304000-42' },
      '1775001304000-42': { data: [event('token_deleted', {}, { tokenId: 4, tokenTitle: 'Old' })], nextCursor: '1775001000000-7' },
      '1775001000000-7': { data: [event('signed_out')], nextCursor: null },
    });
    const { user, router } = renderApp('/activity');
    await screen.findByRole('cell', { name: 'Signed in' });
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByRole('cell', { name: 'Token deleted' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/activity?cursor=1775001304000-42');
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByRole('cell', { name: 'Signed out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByRole('cell', { name: 'Token deleted' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByRole('cell', { name: 'Signed in' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/activity');
    expect(asked.map((params) => params.get('cursor'))).toEqual([null, '1775001304000-42', '1775001000000-7']);
  });

  it('filters by event type and day range, in the URL and the query, going back to the newest page', async () => {
    const asked = activityApi({
      first: { data: [event('signed_in')], nextCursor: '1775001304000-42' },
      '1775001304000-42': { data: [event('signed_out')], nextCursor: null },
    });
    const { user, router } = renderApp('/activity');
    await screen.findByRole('cell', { name: 'Signed in' });
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByRole('cell', { name: 'Signed out' });

    await user.click(screen.getByRole('combobox', { name: 'Event' }));
    await user.click(screen.getByRole('option', { name: 'Token created' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/activity?type=token_created'));
    expect(asked.at(-1)?.get('type')).toBe('token_created');
    expect(asked.at(-1)?.get('cursor')).toBeNull();

    const group = screen.getByRole('group', { name: 'Filters' });
    await user.type(within(group).getByLabelText('From'), '2026-03-01');
    await user.type(within(group).getByLabelText('To'), '2026-03-31');
    await waitFor(() => expect(currentUrl(router)).toBe('/activity?type=token_created&from=2026-03-01&to=2026-03-31'));
    await waitFor(() => expect(asked.at(-1)?.get('to')).not.toBeNull());
    const last = asked.at(-1);
    // From the start of the first day to the end of the last (the server's `to` is exclusive).
    expect(last?.get('from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(last?.get('to')).toBe(new Date(2026, 3, 1).toISOString());
  });

  it('marks a To before From on the field, in plain words, and asks nothing for that range', async () => {
    const asked = activityApi({ first: { data: [event('signed_in')], nextCursor: null } });
    renderApp('/activity?from=2026-03-10&to=2026-03-02');
    const group = await screen.findByRole('group', { name: 'Filters' });
    const to = within(group).getByLabelText('To');
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    expect(to).toHaveAccessibleDescription('To is before From: pick the same day or a later one.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('aria-disabled', 'true');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toHaveLength(0);
  });

  it('links Download CSV to the CSV of the same filters, and nothing else', async () => {
    activityApi({ first: { data: [event('signed_in')], nextCursor: '1775001304000-42' } });
    renderApp('/activity?type=ip_allowlist_changed&from=2026-03-01&to=2026-03-31&cursor=1775001304000-42');
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://portal.test');
    expect(href.pathname).toBe('/api/portal/activity.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      type: 'ip_allowlist_changed',
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 3, 1).toISOString(),
    });
    expect(link).toHaveAttribute('download');
  });

  it('names itself in the sidebar', async () => {
    activityApi({ first: { data: [], nextCursor: null } });
    renderApp('/activity');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/activity');
  });
});
