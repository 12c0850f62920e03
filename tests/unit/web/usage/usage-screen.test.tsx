/** The Usage screen (getUsageSeries, listOperationUsage, listRequestLog, getRequestLogEntry) and the token cards' usage strip. */
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens, listTokenUsage } from '../support/handlers';
import { fakeSellerToken, seller, tokenFixture } from '../support/fixtures';
import { currentUrl, renderApp } from '../support/render-app';
import { apiTokensQueryKey } from '../../../../src/web/lib/api-tokens';

setupMsw();

const now = Date.now();
const hour = Math.floor(now / 3_600_000) * 3_600_000;

const entry = (id: number, status: number, path: string, operationId: string, extra: Record<string, unknown> = {}) => ({
  id,
  time: new Date(now - id * 1000).toISOString(),
  tokenId: 1,
  tokenTitle: 'ERP sync',
  tokenDeleted: false,
  operationId,
  method: 'GET',
  path,
  status,
  durationMs: 4.2,
  responseBytes: 2048,
  userAgent: 'curl/8.5.0',
  clientAddress: '203.0.113.7',
  ...extra,
});

/** The four usage reads, recording the query each was asked with. */
function usageApi(logPages: Record<string, { data: ReturnType<typeof entry>[]; nextCursor: string | null }>) {
  const asked: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    asked.push(
      `${url.pathname} ${[...url.searchParams.keys()]
        .filter((k) => k !== 'from' && k !== 'to')
        .map((k) => `${k}=${url.searchParams.get(k)}`)
        .join('&')}`,
    );
    return url;
  };
  server.use(
    getCurrentUser(seller),
    listTokenUsage([
      { tokenId: 1, title: 'ERP sync', environment: 'sandbox', deleted: false, calls: 3, errorRate: 0.33, daily: [0, 0, 0, 0, 0, 0, 3] },
      { tokenId: 9, title: 'Old script', environment: 'live', deleted: true, calls: 1, errorRate: 0, daily: [1, 0, 0, 0, 0, 0, 0] },
    ]),
    http.get('*/api/usage/series', ({ request }) => {
      const url = record(request);
      return HttpResponse.json({
        bucket: 'hour',
        points: [{ start: new Date(hour).toISOString(), ok: 2, redirection: 1, clientError: 0, unauthorized: 0, tooManyRequests: 1, serverError: 0 }],
        totals: url.searchParams.has('status')
          ? { calls: 1, errorRate: 1, p50Ms: null, p95Ms: null, busiestOperation: 'listSellerNormalOrders' }
          : { calls: 3, errorRate: 0.3333, p50Ms: 5, p95Ms: 20, busiestOperation: 'listSellerNormalOrders' },
      });
    }),
    http.get('*/api/usage/operations', ({ request }) => {
      record(request);
      return HttpResponse.json({
        data: [
          { operationId: 'listSellerNormalOrders', calls: 2, errorRate: 0.5, p95Ms: 20 },
          { operationId: 'getSellerProduct', calls: 1, errorRate: 0, p95Ms: 5 },
        ],
      });
    }),
    http.get('*/api/usage/requests', ({ request }) => {
      const url = record(request);
      return HttpResponse.json(logPages[url.searchParams.get('cursor') ?? 'first'] ?? { data: [], nextCursor: null });
    }),
    http.get('*/api/usage/requests/:id', ({ params }) => {
      const all = Object.values(logPages).flatMap((page) => page.data);
      const found = all.find((row) => row.id === Number(params.id));
      return found ? HttpResponse.json({ data: found }) : HttpResponse.json({ status: 404, message: 'Log entry not found.' }, { status: 404 });
    }),
  );
  return asked;
}

describe('Usage screen', () => {
  it('shows totals, calls per operation and the log, newest first, and pages older by keyset', async () => {
    const asked = usageApi({
      first: {
        data: [
          entry(1, 429, '/api/v1/seller/orders/normal?page=2&size=20', 'listSellerNormalOrders'),
          entry(2, 200, '/api/v1/seller/products/17', 'getSellerProduct'),
        ],
        nextCursor: '123-2',
      },
      '123-2': {
        data: [entry(3, 200, '/api/v1/seller/orders/normal', 'listSellerNormalOrders', { tokenId: 9, tokenTitle: 'Old script', tokenDeleted: true })],
        nextCursor: null,
      },
    });
    const { user } = renderApp('/usage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Usage' })).toBeInTheDocument();
    const totals = await screen.findByLabelText('Totals for the range');
    await waitFor(() => expect(within(totals).getByText('33%')).toBeInTheDocument());
    expect(within(totals).getByText('20 ms')).toBeInTheDocument();
    expect(within(totals).getByText('listSellerNormalOrders')).toBeInTheDocument();
    const operations = screen.getByRole('table', { name: 'Calls per operation' });
    expect(
      within(operations)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['OperationCallsError ratep95', 'listSellerNormalOrders250%20 ms', 'getSellerProduct10%5 ms']);

    const log = await screen.findByRole('table', { name: 'Request log' });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('/api/v1/seller/orders/normal?page=2&size=20');
    expect(rows[0]).toHaveTextContent('429');
    expect(rows[0]).toHaveTextContent('2.0 KB');
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Request log' })).getAllByRole('row')).toHaveLength(2));
    // The usage token list says the deleted token was a live one.
    expect(screen.getByRole('table', { name: 'Request log' })).toHaveTextContent('Old script · Live (deleted)');
    expect(asked).toContain('/api/usage/requests cursor=123-2');
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Request log' })).getAllByRole('row')).toHaveLength(3));
  });

  it('opens a call with the plain-words explanation and "Open in API Test" for its operation, page, size and token (by id)', async () => {
    usageApi({
      first: {
        data: [
          entry(1, 429, '/api/v1/seller/orders/normal?page=2&size=20', 'listSellerNormalOrders'),
          entry(2, 404, '/api/v1/seller/products/17', 'getSellerProduct', { tokenId: 9, tokenTitle: 'Old script', tokenDeleted: true }),
        ],
        nextCursor: null,
      },
    });
    const { user, router } = renderApp('/usage');
    const log = await screen.findByRole('table', { name: 'Request log' });
    await user.click(within(log).getAllByRole('button', { name: /^Details of the call/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Call details' });
    expect(within(dialog).getByRole('note')).toHaveTextContent('too many calls in one minute');
    expect(within(dialog).getByText('curl/8.5.0')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open in API Test' })).toHaveAttribute(
      'href',
      '/api-test?operation=listSellerNormalOrders&page=2&size=20&token=1',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(log).getAllByRole('button', { name: /^Details of the call/ })[1]!);
    const second = await screen.findByRole('dialog', { name: 'Call details' });
    expect(within(second).getByRole('note')).toHaveTextContent('does not belong to your account');
    expect(within(second).getByText('Environment')).toBeInTheDocument();
    expect(within(second).getByText('Live')).toBeInTheDocument();
    await user.click(within(second).getByRole('link', { name: 'Open in API Test' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/api-test?operation=getSellerProduct&id=17'));
  });

  it('reads its filters from the URL and sends them with every call; changing one updates the URL', async () => {
    const asked = usageApi({ first: { data: [], nextCursor: null } });
    const { user, router } = renderApp('/usage?tokenId=1&status=4xx');
    expect(await screen.findByText(/No calls match these filters/)).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('/api/usage/requests tokenId=1&status=4xx'));
    // The chart, totals and per-operation table follow the status filter as the log does.
    expect(asked).toContain('/api/usage/series tokenId=1&status=4xx');
    expect(asked).toContain('/api/usage/operations tokenId=1&status=4xx');
    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/usage?range=7d&tokenId=1&status=4xx'));
    await user.click(screen.getByRole('combobox', { name: 'Token' }));
    await user.click(await screen.findByRole('option', { name: 'Old script · Live (deleted)' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/usage?range=7d&tokenId=9&status=4xx'));
  });

  it('filters the chart, totals and per-operation table by operation, still offering every operation called', async () => {
    const asked = usageApi({ first: { data: [], nextCursor: null } });
    const { user, router } = renderApp('/usage');
    await screen.findByRole('table', { name: 'Calls per operation' });
    await user.click(screen.getByRole('combobox', { name: 'Operation' }));
    await user.click(await screen.findByRole('option', { name: 'getSellerProduct' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/usage?operation=getSellerProduct'));
    await waitFor(() => expect(asked).toContain('/api/usage/series operation=getSellerProduct'));
    expect(asked).toContain('/api/usage/operations operation=getSellerProduct');
    expect(asked).toContain('/api/usage/requests operation=getSellerProduct');
    await user.click(screen.getByRole('combobox', { name: 'Operation' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'All operations',
      'listSellerNormalOrders',
      'getSellerProduct',
    ]);
  });

  it('says why latency is blank under a status filter', async () => {
    usageApi({ first: { data: [], nextCursor: null } });
    renderApp('/usage?status=4xx');
    const totals = await screen.findByLabelText('Totals for the range');
    await waitFor(() => expect(within(totals).getByText('100%')).toBeInTheDocument());
    expect(screen.getByText('Latency is kept per operation, not per status: clear the Status filter to see it.')).toBeInTheDocument();
  });
});

describe('token card usage strip', () => {
  it('shows calls, error rate and a link to the Usage screen for that token; a token without calls says so', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([
        tokenFixture({ id: 1, title: 'ERP sync' }),
        tokenFixture({ id: 2, title: 'Quiet', token: fakeSellerToken('quietTokenValue0123456789abcdefg') }),
      ]),
      listTokenUsage([
        { tokenId: 1, title: 'ERP sync', environment: 'sandbox', deleted: false, calls: 240, errorRate: 0.0125, daily: [30, 40, 35, 20, 45, 40, 30] },
      ]),
    );
    renderApp('/settings');
    const busy = await screen.findByRole('group', { name: 'Usage of ERP sync in the last 7 days' });
    await waitFor(() => expect(busy).toHaveTextContent('240 calls in 7 days'));
    expect(busy).toHaveTextContent('1.3% errors');
    expect(within(busy).getByRole('link', { name: 'View usage' })).toHaveAttribute('href', '/usage?tokenId=1');
    const quiet = screen.getByRole('group', { name: 'Usage of Quiet in the last 7 days' });
    expect(quiet).toHaveTextContent('No calls in the last 7 days.');
    expect(within(quiet).getByRole('link', { name: 'View usage' })).toHaveAttribute('href', '/usage?tokenId=2');
  });

  it('says "1 call", not "1 calls"', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([tokenFixture({ id: 1, title: 'ERP sync' })]),
      listTokenUsage([{ tokenId: 1, title: 'ERP sync', environment: 'sandbox', deleted: false, calls: 1, errorRate: 0, daily: [0, 0, 0, 0, 0, 0, 1] }]),
    );
    renderApp('/settings');
    const strip = await screen.findByRole('group', { name: 'Usage of ERP sync in the last 7 days' });
    await waitFor(() => expect(strip).toHaveTextContent('1 call in 7 days'));
  });

  it('follows the card: when the token list shows a newer last use, the strip reloads its calls', async () => {
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture({ id: 1, title: 'ERP sync', lastUsedDate: null })]), listTokenUsage([]));
    const { queryClient } = renderApp('/settings');
    const strip = await screen.findByRole('group', { name: 'Usage of ERP sync in the last 7 days' });
    await waitFor(() => expect(strip).toHaveTextContent('No calls in the last 7 days.'));
    server.use(
      listApiTokens([tokenFixture({ id: 1, title: 'ERP sync', lastUsedDate: new Date().toISOString() })]),
      listTokenUsage([{ tokenId: 1, title: 'ERP sync', environment: 'sandbox', deleted: false, calls: 2, errorRate: 0, daily: [0, 0, 0, 0, 0, 0, 2] }]),
    );
    // Only the token list is reloaded, as after any change to it.
    await act(() => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'ERP sync' })).queryByText('Never')).not.toBeInTheDocument());
    await waitFor(() => expect(strip).toHaveTextContent('2 calls in 7 days'));
  });
});

describe('Usage log and chart', () => {
  /** `#0369a1` → `rgb(3, 105, 161)`, so a colour compares however it was written. */
  const rgb = (colour: string) =>
    /^#[0-9a-f]{6}$/i.test(colour) ? `rgb(${[1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16)).join(', ')})` : colour;

  it('colours each status chip as the chart colours its class (a 429 alike in both)', async () => {
    usageApi({
      first: {
        data: [
          entry(1, 429, '/api/v1/seller/orders/normal', 'listSellerNormalOrders'),
          entry(2, 401, '/api/v1/seller/products', 'listSellerProducts'),
          entry(3, 404, '/api/v1/seller/products/17', 'getSellerProduct'),
          entry(4, 500, '/api/v1/seller/products/18', 'getSellerProduct'),
          entry(5, 200, '/api/v1/seller/products/19', 'getSellerProduct'),
          entry(6, 304, '/api/v1/seller/products/20', 'getSellerProduct'),
        ],
        nextCursor: null,
      },
    });
    renderApp('/usage');
    const log = await screen.findByRole('table', { name: 'Request log' });
    const figure = await screen.findByRole('figure', { name: /Requests over time/ });
    const legendColour = (series: string) => figure.querySelector(`li[data-series="${series}"] rect`)?.getAttribute('fill') ?? 'none';
    const chipColour = (status: string) => getComputedStyle(within(log).getByText(status).closest('.MuiChip-root')!).backgroundColor;
    for (const [status, series] of [
      ['429', 'tooManyRequests'],
      ['401', 'unauthorized'],
      ['404', 'clientError'],
      ['500', 'serverError'],
      ['200', 'ok'],
      ['304', 'redirection'],
    ] as const) {
      expect(rgb(chipColour(status)), status).toBe(rgb(legendColour(series)));
    }
  });

  it('shows each call’s operation, and its time with the zone', async () => {
    usageApi({ first: { data: [entry(1, 200, '/api/v1/seller/orders/normal?page=2&size=20', 'listSellerNormalOrders')], nextCursor: null } });
    renderApp('/usage');
    const log = await screen.findByRole('table', { name: 'Request log' });
    expect(within(log).getByRole('columnheader', { name: 'Operation' })).toBeInTheDocument();
    const [row] = within(log).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('listSellerNormalOrders');
    expect(row).toHaveTextContent('/api/v1/seller/orders/normal?page=2&size=20');
    const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value;
    expect(zone).toBeTruthy();
    const time = within(row!).getByRole('button', { name: /^Details of the call at / });
    expect(time.textContent).toMatch(new RegExp(`\\d{2}:\\d{2}:\\d{2}.*${zone}$`));
    expect(time).toHaveAccessibleName(expect.stringContaining(zone!));
  });
});
