/** The API Test screen, against msw standing in for the public API. */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { FAKE_TOKEN, daysFromNow, fakeSellerToken, seller, tokenFixture, warehouseUser } from '../support/fixtures';
import { currentUrl, renderApp } from '../support/render-app';
import { forgetAnswers } from '../../../../src/web/features/api-tester/lib/last-answers';

setupMsw();

const TOKEN = FAKE_TOKEN;
type User = ReturnType<typeof renderApp>['user'];

function listBody(page: number, lastPage: number, ids: number[]) {
  return { page, size: 10, lastPage, data: ids.map((id) => ({ id, name: `Warehouse ${id}` })) };
}

/** Records every public API call: path, query and the token header. */
function publicApi(respond: (url: URL) => Response) {
  const calls: { path: string; search: string; token: string | null }[] = [];
  const handler = http.get('*/api/v1/*', ({ request }) => {
    const url = new URL(request.url);
    calls.push({ path: url.pathname, search: url.search, token: request.headers.get('ACME-API-TOKEN') });
    return respond(url);
  });
  return { handler, calls };
}

async function chooseDomain(user: User, name: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Domain' }));
  await user.click(await screen.findByRole('option', { name }));
}

async function pasteToken(user: User, value = TOKEN) {
  const field = await screen.findByLabelText('API token');
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

function responseBody() {
  return screen.getByRole('region', { name: 'Response body' });
}

describe('API Test form', () => {
  it("reads 'No response yet' before any call, in a panel at most 800 px high", async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    renderApp('/api-test');
    const body = await screen.findByRole('region', { name: 'Response body' });
    expect(body).toHaveTextContent('No response yet');
    expect(getComputedStyle(body).maxHeight).toBe('800px');
    expect(getComputedStyle(body).overflow).toBe('auto');
  });

  it('offers the seller domains for Seller API and the warehouse domains for Warehouse API', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/api-test');
    await user.click(await screen.findByRole('combobox', { name: 'Domain' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Warehouses', 'Quotations', 'Imports', 'Products', 'Orders']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Warehouse API' }));
    await user.click(screen.getByRole('combobox', { name: 'Domain' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Quotations', 'Imports', 'Inventory', 'Orders']);
  });

  it('clears a domain the new API family lacks and keeps one it has', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const first = renderApp('/api-test?operation=listSellerProducts');
    expect(await screen.findByRole('combobox', { name: 'Domain' })).toHaveTextContent('Products');
    await first.user.click(screen.getByRole('button', { name: 'Warehouse API' }));
    expect(screen.getByRole('combobox', { name: 'Domain' })).toHaveTextContent('Choose a domain');
    expect(new URLSearchParams(first.router.state.location.search).get('domain')).toBeNull();
    first.unmount();

    const { user } = renderApp('/api-test?operation=listSellerReturnOrders');
    await user.click(await screen.findByRole('button', { name: 'Warehouse API' }));
    expect(screen.getByRole('combobox', { name: 'Domain' })).toHaveTextContent('Orders');
    expect(screen.getByRole('button', { name: 'Return' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('brings back the call, its values and the token of an API switched away from', async () => {
    const warehouseToken = `${FAKE_TOKEN.replace('_s_', '_w_')}`;
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture()]));
    const { user, router } = renderApp('/api-test?operation=listSellerProducts&page=2');
    await waitFor(() => expect(screen.getByLabelText('API token')).toHaveValue(TOKEN));
    await user.click(screen.getByRole('button', { name: 'Warehouse API' }));
    expect(screen.getByLabelText('API token')).toHaveValue('');
    await chooseDomain(user, 'Inventory');
    await pasteToken(user, warehouseToken);

    await user.click(screen.getByRole('button', { name: 'Seller API' }));
    expect(screen.getByRole('combobox', { name: 'Domain' })).toHaveTextContent('Products');
    expect(screen.getByLabelText('Page')).toHaveValue('2');
    expect(screen.getByLabelText('API token')).toHaveValue(TOKEN);
    expect(currentUrl(router)).toBe('/api-test?operation=listSellerProducts&page=2');

    await user.click(screen.getByRole('button', { name: 'Warehouse API' }));
    expect(screen.getByRole('combobox', { name: 'Domain' })).toHaveTextContent('Inventory');
    expect(screen.getByLabelText('API token')).toHaveValue(warehouseToken);
  });

  it("keeps the API toggle's one tab stop on the chosen API: Tab then Space does not switch", async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    // The chosen API is the second option here.
    const { user } = renderApp('/api-test?operation=listWarehouseInventory');
    const chosen = await screen.findByRole('button', { name: 'Warehouse API' });
    const other = screen.getByRole('button', { name: 'Seller API' });
    await waitFor(() => expect(other).toHaveAttribute('tabindex', '-1'));
    expect(chosen).toHaveAttribute('tabindex', '0');
    screen.getByRole('link', { name: 'Skip to content' }).focus();
    while (document.activeElement !== chosen && document.activeElement !== other) await user.tab();
    expect(chosen).toHaveFocus();
    await user.keyboard(' ');
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Domain' })).toHaveTextContent('Inventory');
    // Tab leaves the group and Shift+Tab comes back to the chosen API, not the other one.
    await user.tab();
    expect(other).not.toHaveFocus();
    await user.tab({ shift: true });
    expect(chosen).toHaveFocus();
    // The arrows move within it, and Space picks.
    await user.keyboard('{ArrowLeft}');
    expect(other).toHaveFocus();
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(' ');
    expect(other).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(other).toHaveAttribute('tabindex', '0'));
    expect(chosen).toHaveAttribute('tabindex', '-1');
  });

  it('lists the user’s own API first: Warehouse API for a warehouse user', async () => {
    server.use(getCurrentUser(warehouseUser), listApiTokens([]));
    renderApp('/api-test');
    const group = (await screen.findByRole('button', { name: 'Warehouse API' })).parentElement as HTMLElement;
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Warehouse API', 'Seller API']);
  });

  it('names an operation the link asks for that the API does not have', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/api-test?operation=listSellerUnicorns');
    expect(await screen.findByText(/No operation “listSellerUnicorns” in the Seller API or the Warehouse API/)).toHaveTextContent(
      'showing the Seller API with no call chosen',
    );
    await chooseDomain(user, 'Products');
    expect(screen.queryByText(/No operation/)).not.toBeInTheDocument();
  });

  it('shows Normal / Return for orders only and the ID for detail only', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/api-test');
    await chooseDomain(user, 'Products');
    expect(screen.queryByRole('button', { name: 'Return' })).not.toBeInTheDocument();
    await chooseDomain(user, 'Orders');
    expect(screen.getByRole('button', { name: 'Normal' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Return' })).toBeInTheDocument();
    expect(screen.queryByLabelText('ID')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Page')).toHaveValue('0');
    expect(screen.getByLabelText('Size')).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: 'Get Detail' }));
    expect(screen.getByLabelText('ID')).toBeInTheDocument();
    expect(screen.queryByLabelText('Page')).not.toBeInTheDocument();
  });

  it('takes numbers only in the ID: typing a letter changes nothing', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/api-test?operation=getSellerNormalOrder');
    const id = await screen.findByLabelText('ID');
    await user.type(id, '1a2-b.3');
    expect(id).toHaveValue('123');
  });

  it('leaves the caret and a selection where they were when a letter is refused', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/api-test?operation=listSellerWarehouses');
    const size = await screen.findByLabelText<HTMLInputElement>('Size');
    await user.clear(size);
    await user.type(size, '10{ArrowLeft}z5');
    expect(size).toHaveValue('150');
    size.setSelectionRange(0, 2);
    await user.keyboard('x');
    expect([size.selectionStart, size.selectionEnd]).toEqual([0, 2]);
    await user.keyboard('7');
    expect(size).toHaveValue('70');
  });

  it('keeps the choices in the URL, and restores them from it, but never the token', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user, router } = renderApp('/api-test?operation=getSellerReturnOrder&id=12');
    expect(await screen.findByRole('combobox', { name: 'Domain' })).toHaveTextContent('Orders');
    expect(screen.getByRole('button', { name: 'Return' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Get Detail' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('ID')).toHaveValue('12');
    await user.type(screen.getByLabelText('ID'), '3');
    await user.click(screen.getByRole('button', { name: 'Normal' }));
    await pasteToken(user);
    expect(currentUrl(router)).toBe('/api-test?operation=getSellerNormalOrder&id=123');
    expect(currentUrl(router)).not.toContain(TOKEN);
  });

  it('still opens a link of the older form (api, domain, mode, order type) at the same call, and rewrites it', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user, router } = renderApp('/api-test?api=seller&domain=orders&mode=detail&id=12&orderType=return');
    expect(await screen.findByRole('combobox', { name: 'Domain' })).toHaveTextContent('Orders');
    expect(screen.getByRole('button', { name: 'Return' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Get Detail' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('ID')).toHaveValue('12');
    await user.type(screen.getByLabelText('ID'), '3');
    expect(currentUrl(router)).toBe('/api-test?operation=getSellerReturnOrder&id=123');
  });

  it('defaults the API family to the user type', async () => {
    server.use(getCurrentUser(warehouseUser), listApiTokens([]));
    renderApp('/api-test');
    expect(await screen.findByRole('button', { name: 'Warehouse API' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Test API validation', () => {
  it('checks domain, then token, then ID, each with its own message, and sends nothing until all pass', async () => {
    const api = publicApi(() => HttpResponse.json({ id: 5 }));
    server.use(getCurrentUser(seller), listApiTokens([]), api.handler);
    const { user } = renderApp('/api-test');
    const test = await screen.findByRole('button', { name: 'Test API' });
    // Get Detail may be chosen before the domain.
    await user.click(screen.getByRole('button', { name: 'Get Detail' }));

    await user.click(test);
    expect(await screen.findByText('Please select a domain.')).toBeInTheDocument();
    expect(screen.queryByText('API token is required.')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Domain' })).toHaveFocus();

    await chooseDomain(user, 'Warehouses');
    expect(screen.queryByText('Please select a domain.')).not.toBeInTheDocument();
    await user.click(test);
    expect(await screen.findByText('API token is required.')).toBeInTheDocument();
    expect(screen.queryByText('ID is required for detail view.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('API token')).toHaveFocus();

    await pasteToken(user);
    await user.click(test);
    expect(await screen.findByText('ID is required for detail view.')).toBeInTheDocument();
    expect(screen.getByLabelText('ID')).toHaveFocus();
    expect(api.calls).toEqual([]);

    await user.type(screen.getByLabelText('ID'), '5');
    await user.click(test);
    await waitFor(() => expect(api.calls).toEqual([{ path: '/api/v1/seller/warehouses/5', search: '', token: TOKEN }]));
    expect(screen.queryByText('ID is required for detail view.')).not.toBeInTheDocument();
  });

  it('treats a blank token as missing', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/api-test?operation=listSellerProducts');
    await pasteToken(user, '   ');
    await user.click(await screen.findByRole('button', { name: 'Test API' }));
    expect(await screen.findByText('API token is required.')).toBeInTheDocument();
  });
});

describe('token picker', () => {
  it("offers the user's own tokens with title, masked value and expiry; expired ones are not selectable", async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([tokenFixture(), tokenFixture({ title: 'Old one', token: fakeSellerToken('old'), expiryDate: daysFromNow(-2) })]),
    );
    const { user } = renderApp('/api-test?operation=listSellerProducts');
    await user.click(await screen.findByRole('combobox', { name: 'Your tokens' }));
    const listbox = screen.getByRole('listbox');
    const current = within(listbox).getByRole('option', { name: /Shop sync/ });
    expect(current).toHaveTextContent('••••••••••••');
    expect(current).toHaveTextContent(/Expires/);
    expect(current).not.toHaveTextContent(TOKEN);
    const expired = within(listbox).getByRole('option', { name: /Old one/ });
    expect(expired).toHaveAttribute('aria-disabled', 'true');
    expect(expired).toHaveTextContent('Expired');
    await user.click(current);
    expect(screen.getByLabelText('API token')).toHaveValue(TOKEN);
    expect(screen.getByLabelText('API token')).toHaveAttribute('type', 'password');
  });

  it("shows each token's access beside its expiry", async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([tokenFixture(), tokenFixture({ title: 'Orders only', token: fakeSellerToken('orders'), scopes: ['products', 'orders'] })]),
    );
    const { user } = renderApp('/api-test?operation=listSellerProducts');
    await user.click(await screen.findByRole('combobox', { name: 'Your tokens' }));
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getByRole('option', { name: /Shop sync/ })).toHaveTextContent(/Expires .*Access: All Seller API domains/);
    expect(within(listbox).getByRole('option', { name: /Orders only/ })).toHaveTextContent(/Expires .*Access: Products, Orders$/);
    await user.keyboard('{Escape}');
    await chooseDomain(user, 'Warehouses');
    await user.click(screen.getByRole('combobox', { name: 'Your tokens' }));
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: /Orders only/ })).toHaveTextContent(
      /Access: Products, Orders \(no access to warehouses\)$/,
    );
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: /Shop sync/ })).toHaveTextContent(/Access: All Seller API domains$/);
  });

  it("marks the domains outside the chosen token's access, and still calls one, explaining the 403", async () => {
    const restricted = tokenFixture({ title: 'Orders only', token: fakeSellerToken('ordersonly'), scopes: ['orders'] });
    const api = publicApi((url) =>
      url.pathname.includes('/orders/')
        ? HttpResponse.json(listBody(0, 0, [1]))
        : HttpResponse.json({ status: 403, message: 'This token has no access to warehouses.' }, { status: 403 }),
    );
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture(), restricted]), api.handler);
    const { user } = renderApp('/api-test?family=seller');
    // No token chosen yet: nothing is marked.
    await user.click(await screen.findByRole('combobox', { name: 'Domain' }));
    expect(within(screen.getByRole('listbox')).queryByText("not in this token's access")).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Your tokens' }));
    await user.click(screen.getByRole('option', { name: /Orders only/ }));
    expect(screen.getByText(/^Access: Orders · Expires /)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Domain' }));
    const MARK = "not in this token's access";
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    const marked = options.filter((option) => within(option).queryByText(MARK) !== null).map((option) => option.textContent?.replace(MARK, ''));
    expect(marked).toEqual(['Warehouses', 'Quotations', 'Imports', 'Products']);
    expect(within(screen.getByRole('option', { name: /Orders/ })).queryByText(MARK)).toBeNull();
    await user.click(screen.getByRole('option', { name: /Warehouses/ }));
    expect(screen.getByText("Not in this token's access: the call will answer 403.")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Test API' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('403 Forbidden');
    expect(alert).toHaveTextContent('This token has no access to warehouses.');
    const help = screen.getByRole('note');
    expect(help).toHaveTextContent('its access does not include warehouses');
    expect(help).toHaveTextContent("does not count against the token's rate limit");
    expect(within(help).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(api.calls).toEqual([{ path: '/api/v1/seller/warehouses', search: '?page=0&size=10', token: restricted.token }]);

    // A domain in its access carries no mark.
    await chooseDomain(user, 'Orders');
    expect(screen.queryByText("Not in this token's access: the call will answer 403.")).not.toBeInTheDocument();
  });

  it("does not offer a seller's tokens for the Warehouse API", async () => {
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture()]));
    const { user } = renderApp('/api-test?family=seller');
    const picker = await screen.findByRole('combobox', { name: 'Your tokens' });
    await waitFor(() => expect(picker).not.toHaveAttribute('aria-disabled'));
    await user.click(screen.getByRole('button', { name: 'Warehouse API' }));
    expect(screen.getByRole('combobox', { name: 'Your tokens' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(/Your tokens reach the Seller API only/)).toBeInTheDocument();
  });

  it('preselects the only usable token (an expired one does not count), and nothing when there are two', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([tokenFixture(), tokenFixture({ title: 'Old one', token: fakeSellerToken('old'), expiryDate: daysFromNow(-2) })]),
    );
    const first = renderApp('/api-test?family=seller');
    await waitFor(() => expect(screen.getByLabelText('API token')).toHaveValue(TOKEN));
    expect(screen.getByRole('combobox', { name: 'Your tokens' })).toHaveTextContent('Shop sync');
    first.unmount();

    server.use(listApiTokens([tokenFixture(), tokenFixture({ title: 'Second', token: fakeSellerToken('second') })]));
    renderApp('/api-test?family=seller');
    const picker = await screen.findByRole('combobox', { name: 'Your tokens' });
    await waitFor(() => expect(picker).not.toHaveAttribute('aria-disabled'));
    expect(screen.getByLabelText('API token')).toHaveValue('');
  });

  it('switching API clears the old response and a token of the other API, and keeps a value of neither', async () => {
    const api = publicApi(() => HttpResponse.json(listBody(0, 0, [1])));
    server.use(getCurrentUser(seller), listApiTokens([]), api.handler);
    const { user } = renderApp('/api-test?operation=listSellerNormalOrders');
    await pasteToken(user);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    await screen.findByRole('group', { name: 'Response summary' });
    await user.click(screen.getByRole('button', { name: 'Warehouse API' }));
    expect(screen.queryByRole('group', { name: 'Response summary' })).not.toBeInTheDocument();
    expect(responseBody()).toHaveTextContent('No response yet');
    expect(screen.getByLabelText('API token')).toHaveValue('');

    await pasteToken(user, 'partner-supplied-value');
    await user.click(screen.getByRole('button', { name: 'Seller API' }));
    expect(screen.getByLabelText('API token')).toHaveValue(TOKEN);
    await user.click(screen.getByRole('button', { name: 'Warehouse API' }));
    expect(screen.getByLabelText('API token')).toHaveValue('partner-supplied-value');
  });

  it('keeps a value of neither API when switching to an API not visited yet', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/api-test?operation=listSellerNormalOrders');
    await pasteToken(user, 'partner-supplied-value');
    await user.click(screen.getByRole('button', { name: 'Warehouse API' }));
    expect(screen.getByLabelText('API token')).toHaveValue('partner-supplied-value');
  });

  it('picks the token a link names by its id (from Usage), never by its value', async () => {
    const asked = tokenFixture({ title: 'Nightly import', token: fakeSellerToken('nightly') });
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture(), asked]));
    renderApp(`/api-test?operation=listSellerProducts&token=${asked.id}`);
    await waitFor(() => expect(screen.getByLabelText('API token')).toHaveValue(asked.token));
    expect(screen.getByRole('combobox', { name: 'Your tokens' })).toHaveTextContent('Nightly import');
  });

  it('links "create one in Settings" when the user has no token', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    renderApp('/api-test?operation=listSellerProducts');
    expect(await screen.findByRole('link', { name: 'create one in Settings' })).toHaveAttribute('href', '/settings');
  });
});

describe('Test API call and response', () => {
  it('calls the list through /api/v1 with the brand header, page and size, and shows status, time, size and JSON', async () => {
    const api = publicApi(() => HttpResponse.json(listBody(0, 0, [1, 2])));
    server.use(getCurrentUser(seller), listApiTokens([]), api.handler);
    const { user } = renderApp('/api-test?operation=listSellerReturnOrders');
    await pasteToken(user);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    await waitFor(() => expect(api.calls).toEqual([{ path: '/api/v1/seller/orders/return', search: '?page=0&size=10', token: TOKEN }]));
    const summary = await screen.findByRole('group', { name: 'Response summary' });
    expect(within(summary).getByText('Status 200')).toBeInTheDocument();
    expect(within(summary).getByText(/^Time \d+ ms$/)).toBeInTheDocument();
    expect(within(summary).getByText(`Size ${JSON.stringify(listBody(0, 0, [1, 2])).length} B`)).toBeInTheDocument();
    expect(responseBody().textContent).toBe(JSON.stringify(listBody(0, 0, [1, 2]), null, 2).replace(/\n/g, ''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the last ETag again when the same call repeats, and shows a 304 with the unchanged body', async () => {
    forgetAnswers();
    const body = listBody(0, 0, [1, 2]);
    const conditions: (string | null)[] = [];
    const handler = http.get('*/api/v1/*', ({ request }) => {
      const condition = request.headers.get('if-none-match');
      conditions.push(condition);
      if (condition === '"tag-1"') return new HttpResponse(null, { status: 304, headers: { etag: '"tag-1"' } });
      return HttpResponse.json(body, { headers: { etag: '"tag-1"' } });
    });
    server.use(getCurrentUser(seller), listApiTokens([]), handler);
    const { user } = renderApp('/api-test?operation=listSellerReturnOrders');
    await pasteToken(user);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    const summary = await screen.findByRole('group', { name: 'Response summary' });
    await waitFor(() => expect(within(summary).getByText('Status 200')).toBeInTheDocument());
    expect(within(summary).queryByText('Unchanged since last call')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Response summary' })).toHaveTextContent('Status 304'));
    expect(conditions).toEqual([null, '"tag-1"']);
    const after = screen.getByRole('group', { name: 'Response summary' });
    expect(within(after).getByText('Unchanged since last call')).toBeInTheDocument();
    expect(within(after).getByText('Size 0 B')).toBeInTheDocument();
    expect(responseBody().textContent).toBe(JSON.stringify(body, null, 2).replace(/\n/g, ''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the page and size the user typed', async () => {
    const api = publicApi(() => HttpResponse.json(listBody(2, 4, [21])));
    server.use(getCurrentUser(seller), listApiTokens([]), api.handler);
    const { user, router } = renderApp('/api-test?operation=listWarehouseInventory');
    await user.clear(await screen.findByLabelText('Page'));
    await user.type(screen.getByLabelText('Page'), '2x');
    await user.clear(screen.getByLabelText('Size'));
    await user.type(screen.getByLabelText('Size'), '25');
    await pasteToken(user);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    await waitFor(() => expect(api.calls.at(-1)).toEqual({ path: '/api/v1/warehouse/inventory', search: '?page=2&size=25', token: TOKEN }));
    expect(currentUrl(router)).toBe('/api-test?operation=listWarehouseInventory&page=2&size=25');
  });

  it('runs with a page typed just before pressing Enter', async () => {
    const api = publicApi(() => HttpResponse.json(listBody(3, 4, [31])));
    server.use(getCurrentUser(seller), listApiTokens([]), api.handler);
    const { user } = renderApp('/api-test?operation=listSellerProducts');
    await pasteToken(user);
    await user.clear(screen.getByLabelText('Page'));
    await user.type(screen.getByLabelText('Page'), '3{Enter}');
    await waitFor(() => expect(api.calls).toEqual([{ path: '/api/v1/seller/products', search: '?page=3&size=10', token: TOKEN }]));
  });

  it('copies the response JSON', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]), publicApi(() => HttpResponse.json({ id: 7, name: 'X' })).handler);
    const { user } = renderApp('/api-test?operation=getSellerProduct&id=7');
    await pasteToken(user);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    await user.click(await screen.findByRole('button', { name: 'Copy response' }));
    expect(await navigator.clipboard.readText()).toBe(JSON.stringify({ id: 7, name: 'X' }, null, 2));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it("shows the response's message in a red alert", async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      publicApi(() => HttpResponse.json({ status: 404, message: 'Order 99 was not found.' }, { status: 404 })).handler,
    );
    const { user } = renderApp('/api-test?operation=getSellerNormalOrder&id=99');
    await pasteToken(user);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Order 99 was not found.');
    expect(alert).toHaveClass('MuiAlert-colorError');
    expect(within(screen.getByRole('group', { name: 'Response summary' })).getByText('Status 404')).toBeInTheDocument();
    expect(screen.queryByText(/may have expired or been deleted/)).not.toBeInTheDocument();
  });

  it("shows the error's own message when there is no response", async () => {
    server.use(getCurrentUser(seller), listApiTokens([]), publicApi(() => HttpResponse.error()).handler);
    const { user } = renderApp('/api-test?operation=listSellerNormalOrders');
    await pasteToken(user);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/fetch/i);
    expect(responseBody()).toHaveTextContent('No response yet');
  });

  it.each([
    [
      'a seller token on the Warehouse API',
      'warehouse',
      FAKE_TOKEN,
      /This is a seller token \(it starts with acme_s_\): it reaches only the Seller API, not the Warehouse API/,
    ],
    [
      'a value that is not a token',
      'seller',
      'not-a-token-at-all',
      /This value is not an API token: tokens start with acme_s_ \(Seller API\) or acme_w_ \(Warehouse API\)/,
    ],
    [
      'an unknown seller token on the Seller API',
      'seller',
      FAKE_TOKEN,
      /This seller token is not one the API knows: it may be mistyped, expired, deleted, or replaced by a refresh/,
    ],
  ])('explains a 401 from the token’s prefix: %s', async (_case, api, value, explanation) => {
    server.use(getCurrentUser(seller), listApiTokens([]), publicApi(() => HttpResponse.json({ status: 401, message: 'forbidden' }, { status: 401 })).handler);
    const { user } = renderApp(`/api-test?operation=${api === 'seller' ? 'listSellerNormalOrders' : 'listWarehouseNormalOrders'}`);
    await pasteToken(user, value);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('forbidden');
    const help = screen.getByRole('note');
    expect(help).toHaveTextContent(explanation);
    expect(
      within(help)
        .queryAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(api === 'warehouse' ? [] : ['/settings']);
  });
});

describe('429 Too Many Requests', () => {
  it('explains the rate limit in plain words and counts down to the reset, then says the call can be sent again', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      publicApi(() =>
        HttpResponse.json(
          { status: 429, message: 'Too many requests, retry in 2 seconds.' },
          { status: 429, headers: { 'Retry-After': '2', 'RateLimit-Limit': '600', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '2' } },
        ),
      ).handler,
    );
    const { user } = renderApp('/api-test?operation=listSellerProducts');
    await pasteToken(user);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('429 Too Many Requests');
    expect(alert).toHaveTextContent('Too many requests, retry in 2 seconds.');
    const help = screen.getByRole('note');
    expect(help).toHaveTextContent('This token has made all 600 calls its rate limit allows in one minute');
    expect(help).toHaveTextContent(/You can send again in [12] s\./);
    await waitFor(() => expect(within(help).getByRole('status')).toHaveTextContent('The window has reset: you can send the call again.'), { timeout: 4000 });
    expect(help).not.toHaveTextContent('You can send again in');
  });
});

describe('list paging and list to detail', () => {
  it('follows page and lastPage with Previous and Next', async () => {
    const api = publicApi((url) => {
      const page = Number(url.searchParams.get('page'));
      return HttpResponse.json(listBody(page, 1, [page * 10 + 1]));
    });
    server.use(getCurrentUser(seller), listApiTokens([]), api.handler);
    const { user, router } = renderApp('/api-test?operation=listSellerWarehouses');
    await pasteToken(user);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    const previous = await screen.findByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
    await user.click(next);
    await waitFor(() => expect(api.calls.map((call) => call.search)).toEqual(['?page=0&size=10', '?page=1&size=10']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByLabelText('Page')).toHaveValue('1');
    expect(currentUrl(router)).toContain('page=1');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(api.calls.at(-1)?.search).toBe('?page=0&size=10'));
  });

  it('counts pages as the Page field does (zero-based), in the pager too', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]), publicApi(() => HttpResponse.json(listBody(2, 8, [21]))).handler);
    const { user } = renderApp('/api-test?operation=listSellerWarehouses&page=2');
    expect(await screen.findByLabelText('Page')).toHaveValue('2');
    expect(screen.getByText('Zero-based: 0 is the first page')).toBeInTheDocument();
    await pasteToken(user);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pager).toHaveTextContent('Page 3 of 9 · page=2');
  });

  it('says when a page is past the last one and offers the last page', async () => {
    const api = publicApi((url) => {
      const page = Number(url.searchParams.get('page'));
      return HttpResponse.json(page > 3 ? listBody(page, 3, []) : listBody(page, 3, [page * 10 + 1]));
    });
    server.use(getCurrentUser(seller), listApiTokens([]), api.handler);
    const { user, router } = renderApp('/api-test?operation=listSellerWarehouses&page=99');
    await pasteToken(user);
    await user.click(await screen.findByRole('button', { name: 'Test API' }));
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pager).toHaveTextContent('page=99 is past the last page (page=3)');
    expect(pager).not.toHaveTextContent('Page 100');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(api.calls.at(-1)?.search).toBe('?page=3&size=10'));
    expect(await screen.findByText('Page 4 of 4 · page=3')).toBeInTheDocument();
    expect(screen.getByLabelText('Page')).toHaveValue('3');
    expect(currentUrl(router)).toContain('page=3');
  });

  it("refuses a size outside the spec's bounds before sending, and never sends another size instead", async () => {
    const api = publicApi(() => HttpResponse.json(listBody(0, 0, [1])));
    server.use(getCurrentUser(seller), listApiTokens([]), api.handler);
    const { user, router } = renderApp('/api-test?operation=listSellerWarehouses');
    await pasteToken(user);
    const size = screen.getByLabelText('Size');
    await user.clear(size);
    await user.type(size, '500');
    // Said while typing, before any call.
    expect(screen.getByText('Size must be from 1 to 100.')).toBeInTheDocument();
    expect(size).toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(size).toHaveValue('500');
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    expect(size).toHaveFocus();
    expect(api.calls).toEqual([]);
    expect(currentUrl(router)).not.toContain('size=');
    await user.clear(size);
    await user.type(size, '100');
    expect(screen.queryByText('Size must be from 1 to 100.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    await waitFor(() => expect(api.calls).toEqual([{ path: '/api/v1/seller/warehouses', search: '?page=0&size=100', token: TOKEN }]));
  });

  it('keeps a size outside the spec as typed when the page changes, and refuses that call too', async () => {
    const api = publicApi((url) => HttpResponse.json(listBody(Number(url.searchParams.get('page')), 3, [1])));
    server.use(getCurrentUser(seller), listApiTokens([]), api.handler);
    const { user, router } = renderApp('/api-test?operation=listSellerWarehouses&size=25');
    await pasteToken(user);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    await screen.findByRole('navigation', { name: 'Pages' });
    const size = screen.getByLabelText('Size');
    await user.clear(size);
    await user.type(size, '500');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(size).toHaveFocus();
    expect(size).toHaveValue('500');
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Size must be from 1 to 100.')).toBeInTheDocument();
    expect(api.calls.map((call) => call.search)).toEqual(['?page=0&size=25']);
    expect(currentUrl(router)).toBe('/api-test?operation=listSellerWarehouses&size=25');

    await user.clear(screen.getByLabelText('Page'));
    await user.type(screen.getByLabelText('Page'), '2');
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    expect(size).toHaveValue('500');
    expect(size).toHaveFocus();
    expect(api.calls).toHaveLength(1);
  });

  it('turns each row id of a list into a link that runs the detail call', async () => {
    const api = publicApi((url) =>
      url.pathname.endsWith('/return') ? HttpResponse.json(listBody(0, 0, [3, 4])) : HttpResponse.json({ id: 4, returnStatus: 'RECEIVED' }),
    );
    server.use(getCurrentUser(seller), listApiTokens([]), api.handler);
    const { user, router } = renderApp('/api-test?operation=listSellerReturnOrders');
    await pasteToken(user);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    await user.click(await screen.findByRole('button', { name: 'Open ID 4 in detail view' }));
    await waitFor(() => expect(api.calls.at(-1)).toEqual({ path: '/api/v1/seller/orders/return/4', search: '', token: TOKEN }));
    expect(await screen.findByText('"RECEIVED"')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Detail' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('ID')).toHaveValue('4');
    expect(currentUrl(router)).toBe('/api-test?operation=getSellerReturnOrder&id=4');
    expect(screen.queryByRole('button', { name: /Open ID/ })).not.toBeInTheDocument();
  });
});

describe('Copy as cURL', () => {
  it('copies the current request with $ACME_API_TOKEN in place of the token', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/api-test?operation=getSellerReturnOrder&id=12');
    await pasteToken(user);
    await user.click(screen.getByRole('button', { name: 'Copy as cURL' }));
    const copied = await navigator.clipboard.readText();
    expect(copied).toBe(
      `curl -sS '${window.location.origin}/api/v1/seller/orders/return/12' \\\n  -H "ACME-API-TOKEN: $ACME_API_TOKEN" \\\n  -H 'Accept: application/json'`,
    );
    expect(copied).not.toContain(TOKEN);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('is unavailable until a domain is chosen', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    renderApp('/api-test');
    expect(await screen.findByRole('button', { name: 'Copy as cURL' })).toBeDisabled();
  });
});
