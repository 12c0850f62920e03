/**
 * "Try it" on a reference page opens the tester in place (the shell's lazy panel), against msw standing in
 * for the public API and the request log: fields from the spec, the request with the token header, the
 * answer with the plain-words help of a refused call, and the user's recent calls linking to API Test.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../web/support/msw-server';
import { getCurrentUser, listApiTokens } from '../web/support/handlers';
import { FAKE_TOKEN, seller, tokenFixture } from '../web/support/fixtures';
import { renderApp } from '../web/support/render-app';
import { forgetAnswers } from '../../../src/web/features/api-tester/lib/last-answers';
import { testerHrefForCall } from '../../../src/web/features/usage/lib/tester-link';

setupMsw();

interface LoggedCall {
  id: number;
  status: number;
  path: string;
  operationId: string;
}

const logged = ({ id, status, path, operationId }: LoggedCall) => ({
  id,
  time: new Date(Date.now() - id * 60_000).toISOString(),
  tokenId: 1,
  tokenTitle: 'Shop sync',
  tokenDeleted: false,
  operationId,
  method: 'GET',
  path,
  status,
  durationMs: 4.2,
  responseBytes: 2048,
  userAgent: 'Chromium',
  clientAddress: '203.0.113.7',
});

/** The public API and the request log, recording what was asked. */
function stubApis(options: { answer?: () => Response; log?: LoggedCall[] } = {}) {
  const calls: { path: string; search: string; token: string | null }[] = [];
  const logQueries: URLSearchParams[] = [];
  server.use(
    getCurrentUser(seller),
    listApiTokens([tokenFixture({ title: 'Shop sync' })]),
    http.get('*/api/v1/*', ({ request }) => {
      const url = new URL(request.url);
      calls.push({ path: url.pathname, search: url.search, token: request.headers.get('ACME-API-TOKEN') });
      return options.answer?.() ?? HttpResponse.json({ id: 1, status: 'RECEIVED', lines: [] });
    }),
    http.get('*/api/usage/requests', ({ request }) => {
      logQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ data: (options.log ?? []).map(logged), nextCursor: null });
    }),
  );
  return { calls, logQueries };
}

async function openTryIt(summary: string) {
  forgetAnswers();
  const view = renderApp('/documentation?category=seller&subcategory=order');
  const heading = await screen.findByRole('heading', { level: 2, name: summary }, { timeout: 10_000 });
  const section = heading.closest('section');
  if (!section) throw new Error(`no section for ${summary}`);
  const button = await within(section).findByRole('button', { name: 'Try it' });
  await view.user.click(button);
  const panel = await within(section).findByRole('region', { name: `Try ${summary}` });
  return { ...view, section, button, panel };
}

describe('Try it in place', () => {
  it('opens a panel with the operation’s fields, keeps "Open in API Test", and sends the call with the token header', async () => {
    const { calls } = stubApis();
    const { user, section, button, panel } = await openTryIt('Get a return order');
    expect(within(section).getByRole('link', { name: 'Open in API Test' })).toHaveAttribute('href', '/api-test?operation=getSellerReturnOrder&id=1');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // The spec's one id, filled with the reference's example, and focused.
    const id = await within(panel).findByRole('textbox', { name: 'ID' });
    expect(id).toHaveValue('1');
    await waitFor(() => expect(id).toHaveFocus());
    // The user's only token is filled in, as on API Test.
    await waitFor(() => expect(within(panel).getByLabelText('API token')).toHaveValue(FAKE_TOKEN));
    await user.clear(id);
    await user.type(id, '17');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));

    const summary = await within(panel).findByRole('group', { name: 'Response summary' });
    expect(summary).toHaveTextContent('Status 200');
    expect(summary).toHaveTextContent(/Time \d+ ms/);
    expect(summary).toHaveTextContent(/Size \d+ B/);
    expect(within(panel).getByRole('region', { name: 'Response of Get a return order' })).toHaveTextContent('"status": "RECEIVED"');
    expect(calls).toEqual([{ path: '/api/v1/seller/orders/return/17', search: '', token: FAKE_TOKEN }]);
  });

  it('sends a list call with its page and size on Ctrl+Enter, and refuses a value outside the spec without calling', async () => {
    const { calls } = stubApis({ answer: () => HttpResponse.json({ page: 0, size: 25, lastPage: 0, data: [] }) });
    const { user, panel } = await openTryIt('List normal orders');
    const size = within(panel).getByRole('textbox', { name: 'Size' });
    expect(within(panel).getByRole('textbox', { name: 'Page' })).toHaveValue('0');
    await user.clear(size);
    await user.type(size, '500');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await within(panel).findByText(/Size must be from 1 to \d+\./)).toBeInTheDocument();
    expect(size).toHaveFocus();
    expect(calls).toEqual([]);

    await user.clear(size);
    await user.type(size, '25{Control>}{Enter}{/Control}');
    await within(panel).findByRole('group', { name: 'Response summary' });
    expect(calls).toEqual([{ path: '/api/v1/seller/orders/normal', search: '?page=0&size=25', token: FAKE_TOKEN }]);
  });

  it.each([
    [401, { status: 401, message: 'forbidden' }, 'This seller token is not one the API knows'],
    [403, { status: 403, message: 'This token has no access to orders.' }, 'This token is valid, but its access does not include orders'],
    [429, { status: 429, message: 'Too many requests, retry in 42 seconds.' }, 'This token has made all 600 calls its rate limit allows in one minute'],
  ])('explains a %i in plain words, as API Test does', async (status, body, explanation) => {
    const headers = status === 429 ? { 'Retry-After': '42', 'RateLimit-Limit': '600', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '42' } : undefined;
    stubApis({ answer: () => HttpResponse.json(body, { status, headers }) });
    const { user, panel } = await openTryIt('Get a return order');
    await waitFor(() => expect(within(panel).getByLabelText('API token')).toHaveValue(FAKE_TOKEN));
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await within(panel).findByRole('group', { name: 'Response summary' })).toHaveTextContent(`Status ${status}`);
    expect(within(panel).getByRole('note')).toHaveTextContent(explanation);
  });

  it('lists the user’s recent calls to the operation, each opening in API Test', async () => {
    const log = [
      { id: 1, status: 200, path: '/api/v1/seller/orders/return/17', operationId: 'getSellerReturnOrder' },
      { id: 2, status: 404, path: '/api/v1/seller/orders/return/99', operationId: 'getSellerReturnOrder' },
    ];
    const { logQueries } = stubApis({ log });
    const { panel } = await openTryIt('Get a return order');
    const recent = await within(panel).findByRole('region', { name: 'Your recent calls' });
    const links = await within(recent).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(log.map(logged).map(testerHrefForCall));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/api-test?operation=getSellerReturnOrder&id=17&token=1',
      '/api-test?operation=getSellerReturnOrder&id=99&token=1',
    ]);
    // Two calls of one operation told apart by what they asked for.
    expect(links[0]).toHaveTextContent('returnId 17');
    expect(links[1]).toHaveTextContent('returnId 99');
    expect(links[1]).toHaveTextContent('404');
    expect(links[1]).toHaveTextContent('4.2 ms');
    expect(logQueries[0]?.get('operation')).toBe('getSellerReturnOrder');
  });

  it('closes on Escape and on Close, each time returning focus to "Try it"', async () => {
    stubApis();
    const { user, section, button, panel } = await openTryIt('Get a return order');
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: 'ID' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(within(section).queryByRole('region', { name: 'Try Get a return order' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const again = await within(section).findByRole('region', { name: 'Try Get a return order' });
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    expect(within(section).queryByRole('region', { name: 'Try Get a return order' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
