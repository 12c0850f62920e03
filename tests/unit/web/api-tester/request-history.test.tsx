/** The request history beside the form (per user, never a token value) and Ctrl/⌘+Enter, against msw. */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { FAKE_TOKEN, fakeSellerToken, seller, tokenFixture } from '../support/fixtures';
import { currentUrl, renderApp } from '../support/render-app';

setupMsw();

/** Journeys of many clicks: on a busy two-core machine they take longer than the default 20 s. */
const SLOW_MS = 60_000;

const OWN = tokenFixture({ title: 'ERP sync', token: fakeSellerToken('ownTokenValue0123456789abcdefghij') });
const PASTED = fakeSellerToken('pastedValue0123456789abcdefghijkl');

function publicApi() {
  const calls: string[] = [];
  const handler = http.get('*/api/v1/*', ({ request }) => {
    const url = new URL(request.url);
    calls.push(`${url.pathname}${url.search}`);
    return HttpResponse.json({ page: 0, size: 10, lastPage: 0, data: [{ id: 1, name: 'W' }] });
  });
  return { calls, handler };
}

/** Everything this origin keeps in localStorage, as one string (but the last user's type, which the shell keeps to preload the right documentation page). */
function stored(): string {
  return Object.keys(localStorage)
    .filter((key) => key !== 'portal.lastUserType')
    .map((key) => `${key}=${localStorage.getItem(key)}`)
    .join('\n');
}

async function openHistory(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: /^History/ }));
  return screen.findByRole('list', { name: 'Recent requests' });
}

beforeEach(() => localStorage.clear());

describe('request history', () => {
  it(
    "keeps a chosen token's title but never its value, and nothing of a pasted token",
    async () => {
      const api = publicApi();
      server.use(getCurrentUser(seller), listApiTokens([OWN]), api.handler);
      const { user } = renderApp('/api-test?operation=listSellerWarehouses');
      await user.click(await screen.findByRole('combobox', { name: 'Your tokens' }));
      await user.click(await screen.findByRole('option', { name: /ERP sync/ }));
      await user.click(screen.getByRole('button', { name: 'Test API' }));
      await screen.findByText('Status 200');
      await user.clear(screen.getByLabelText('API token'));
      await user.click(screen.getByLabelText('API token'));
      await user.paste(PASTED);
      await user.click(screen.getByRole('button', { name: 'Test API' }));
      await waitFor(() => expect(api.calls).toHaveLength(2));

      const list = await openHistory(user);
      await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(2));
      expect(within(list).getAllByRole('button')[0]).toHaveTextContent(/GET\/seller\/warehouses\?page=0&size=10200just now/);
      // The chosen token by its title; a pasted one has none to show.
      expect(within(list).getAllByRole('button')[1]).toHaveTextContent('Token: ERP sync');
      expect(within(list).getAllByRole('button')[0]).not.toHaveTextContent('Token:');
      const saved = stored();
      expect(saved).toContain('ERP sync');
      expect(saved).not.toContain(OWN.token);
      expect(saved).not.toContain(PASTED);
      expect(saved).not.toContain(FAKE_TOKEN);
      const entries = JSON.parse(localStorage.getItem('api-test-history:v1:seller:seller@example.com') ?? '[]') as { token: unknown }[];
      expect(entries.map((entry) => entry.token)).toEqual([null, { title: 'ERP sync', createdDate: OWN.createdDate }]);
    },
    SLOW_MS,
  );

  it(
    'restores a call and its own token when one is clicked, and clears',
    async () => {
      const api = publicApi();
      server.use(getCurrentUser(seller), listApiTokens([OWN]), api.handler);
      const { user, router } = renderApp('/api-test?operation=listSellerProducts&page=2&size=5');
      await user.click(await screen.findByRole('combobox', { name: 'Your tokens' }));
      await user.click(await screen.findByRole('option', { name: /ERP sync/ }));
      await user.click(screen.getByRole('button', { name: 'Test API' }));
      await screen.findByText('Status 200');

      // Somewhere else, with another token value typed in.
      await user.click(screen.getByRole('button', { name: 'Warehouse API' }));
      await user.clear(screen.getByLabelText('API token'));
      expect(currentUrl(router)).not.toContain('listSellerProducts');

      const list = await openHistory(user);
      await user.click(within(list).getByRole('button', { name: /\/seller\/products\?page=2&size=5/ }));
      expect(currentUrl(router)).toBe('/api-test?operation=listSellerProducts&page=2&size=5');
      expect(screen.getByLabelText('Page')).toHaveValue('2');
      expect(screen.getByLabelText('API token')).toHaveValue(OWN.token);
      await user.click(screen.getByRole('button', { name: 'Test API' }));
      await waitFor(() => expect(api.calls.at(-1)).toBe('/api/v1/seller/products?page=2&size=5'));

      await user.click(screen.getByRole('button', { name: 'Clear history' }));
      expect(screen.queryByRole('list', { name: 'Recent requests' })).not.toBeInTheDocument();
      expect(stored()).toBe('');
    },
    SLOW_MS,
  );

  it('is kept per user: another account on this browser does not see it', async () => {
    localStorage.setItem(
      'api-test-history:v1:seller:seller2@example.com',
      JSON.stringify([
        { at: Date.now(), operationId: 'listSellerOrders', method: 'GET', path: '/seller/secret-list', status: 200, id: '', page: 0, size: 10, token: null },
      ]),
    );
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/api-test');
    await user.click(await screen.findByRole('button', { name: /^History/ }));
    expect(await screen.findByText(/Requests you send appear here/)).toBeInTheDocument();
    expect(screen.queryByText('/seller/secret-list')).not.toBeInTheDocument();
  });
});

describe('Ctrl+Enter', () => {
  it('sends the request from a field of the form, and ⌘+Enter does too', async () => {
    const api = publicApi();
    server.use(getCurrentUser(seller), listApiTokens([]), api.handler);
    const { user } = renderApp('/api-test?operation=listSellerWarehouses');
    const token = await screen.findByLabelText('API token');
    await user.click(token);
    await user.paste(FAKE_TOKEN);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.calls).toEqual(['/api/v1/seller/warehouses?page=0&size=10']));
    await user.click(screen.getByLabelText('Size'));
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(api.calls).toHaveLength(2));
  });

  it(
    'sends from the token picker without opening its menu',
    async () => {
      const api = publicApi();
      server.use(getCurrentUser(seller), listApiTokens([OWN]), api.handler);
      const { user } = renderApp('/api-test?operation=listSellerWarehouses');
      await user.click(await screen.findByRole('combobox', { name: 'Your tokens' }));
      await user.click(await screen.findByRole('option', { name: /ERP sync/ }));
      await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
      screen.getByRole('combobox', { name: 'Your tokens' }).focus();
      await user.keyboard('{Control>}{Enter}{/Control}');
      await waitFor(() => expect(api.calls).toEqual(['/api/v1/seller/warehouses?page=0&size=10']));
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    },
    SLOW_MS,
  );

  it('runs the same checks as the button', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/api-test?operation=listSellerWarehouses');
    await user.click(await screen.findByLabelText('Page'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('API token is required.')).toBeInTheDocument();
  });
});

describe('Table view of a list', () => {
  it(
    'shows the spec columns in order and opens a row id in detail view',
    async () => {
      const api = publicApi();
      server.use(getCurrentUser(seller), listApiTokens([]), api.handler);
      const { user, router } = renderApp('/api-test?operation=listSellerWarehouses');
      const token = await screen.findByLabelText('API token');
      await user.click(token);
      await user.paste(FAKE_TOKEN);
      await user.click(screen.getByRole('button', { name: 'Test API' }));
      await screen.findByText('Status 200');
      await user.click(screen.getByRole('tab', { name: 'Table' }));
      const grid = await screen.findByRole('grid', { name: 'Response rows' });
      const headers = within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent);
      expect(headers.slice(0, 3)).toEqual(['id', 'name', 'email']);
      await user.click(within(grid).getByRole('button', { name: 'Open ID 1 in detail view' }));
      await waitFor(() => expect(currentUrl(router)).toBe('/api-test?operation=getSellerWarehouse&id=1'));
      await waitFor(() => expect(api.calls.at(-1)).toBe('/api/v1/seller/warehouses/1'));
    },
    SLOW_MS,
  );
});
