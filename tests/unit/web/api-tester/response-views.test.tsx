/** The response's Table and Headers views, the rate-limit gauge and chip, and Download CSV, against msw. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { FAKE_TOKEN, seller } from '../support/fixtures';
import { currentUrl, renderApp } from '../support/render-app';

setupMsw();

type User = ReturnType<typeof renderApp>['user'];
const RATE = { 'RateLimit-Limit': '600', 'RateLimit-Remaining': '412', 'RateLimit-Reset': '38' };

function product(id: number, location: string) {
  return { id, productName: `Mug ${id}`, sku: `MUG-${id}`, inventory: { location, availableQuantity: id * 2 } };
}

async function send(user: User) {
  const field = await screen.findByLabelText('API token');
  await user.click(field);
  await user.paste(FAKE_TOKEN);
  await user.click(screen.getByRole('button', { name: 'Test API' }));
  await screen.findByRole('group', { name: 'Response summary' });
}

/** Captures what Download CSV saves: the Blob handed to URL.createObjectURL and the file name clicked. */
function captureDownloads() {
  const files: { name: string; text: Promise<string> }[] = [];
  let pending: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    pending = blob as Blob;
    return 'blob:csv';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (pending)
      files.push({ name: this.download, text: pending.arrayBuffer().then((buffer) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(buffer)) });
  });
  return files;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('Table view', () => {
  it('shows a detail as field/value rows in the spec order, nested fields dotted', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/v1/seller/products/3', () => HttpResponse.json(product(3, 'B-07'), { headers: RATE })),
    );
    const { user } = renderApp('/api-test?operation=getSellerProduct&id=3');
    await send(user);
    await user.click(screen.getByRole('tab', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Response fields' });
    const fields = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(fields.slice(0, 3)).toEqual(['id', 'productName', 'width']);
    expect(fields.indexOf('inventory.location')).toBeGreaterThan(fields.indexOf('lotProduct'));
    const location = within(table).getByRole('rowheader', { name: 'inventory.location' }).closest('tr');
    expect(location).toHaveTextContent('B-07');
  });

  it('counts an array and expands it in place', async () => {
    const order = {
      id: 9,
      orderNumber: 'SO-9',
      products: [
        { productName: 'Mug', sku: 'MUG-1', orderQuantity: 2 },
        { productName: 'Cup', sku: 'CUP-1', orderQuantity: 1 },
      ],
    };
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/v1/seller/orders/normal/9', () => HttpResponse.json(order)),
    );
    const { user } = renderApp('/api-test?operation=getSellerNormalOrder&id=9');
    await send(user);
    await user.click(screen.getByRole('tab', { name: 'Table' }));
    const toggle = await screen.findByRole('button', { name: '2 items: show products of this record' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const expanded = screen.getByRole('button', { name: '2 items: hide products of this record' });
    expect(expanded.parentElement).toHaveTextContent('sku: MUG-1');
    expect(expanded.parentElement).toHaveTextContent('orderQuantity: 1');
  });

  it('links the ids the JSON view links: a seller import row opens by its import.id, not its quotation.id', async () => {
    const asked: string[] = [];
    const row = (importId: number, quotationId: number) => ({ import: { id: importId, status: 'REQUESTED' }, quotation: { id: quotationId } });
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/v1/seller/imports', () => HttpResponse.json({ page: 0, size: 10, lastPage: 0, data: [row(58, 31), row(61, 32)] })),
      http.get('*/api/v1/seller/imports/:id', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json(row(61, 32));
      }),
    );
    const { user, router } = renderApp('/api-test?operation=listSellerImports');
    await send(user);
    const jsonLinks = screen.getAllByRole('button', { name: /^Open ID \d+ in detail view$/ }).map((link) => link.textContent);
    expect(jsonLinks).toEqual(['58', '61']);
    await user.click(screen.getByRole('tab', { name: 'Table' }));
    const grid = await screen.findByRole('grid', { name: 'Response rows' });
    const tableLinks = within(grid)
      .getAllByRole('button', { name: /^Open ID \d+ in detail view$/ })
      .map((link) => link.textContent);
    expect(tableLinks).toEqual(jsonLinks);
    await user.click(within(grid).getByRole('button', { name: 'Open ID 61 in detail view' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/api-test?operation=getSellerImport&id=61'));
    await waitFor(() => expect(asked).toEqual(['61']));
  }, 60_000);

  it('says when a response has no table (an error)', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/v1/seller/products/4', () => HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 })),
    );
    const { user } = renderApp('/api-test?operation=getSellerProduct&id=4');
    await send(user);
    await user.click(screen.getByRole('tab', { name: 'Table' }));
    expect(screen.getByRole('region', { name: 'Response body' })).toHaveTextContent('This response has no rows to show as a table.');
    expect(screen.queryByRole('button', { name: /Download CSV/ })).not.toBeInTheDocument();
  });
});

describe('Headers view and rate limit', () => {
  it('lists every header and shows the gauge and the chip', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/v1/seller/products/3', () => HttpResponse.json(product(3, 'B-07'), { headers: { ...RATE, 'X-Request-Id': 'abc' } })),
    );
    const { user } = renderApp('/api-test?operation=getSellerProduct&id=3');
    await send(user);
    const chip = within(screen.getByRole('group', { name: 'Response summary' })).getByLabelText(/^Rate limit: 412 of 600 left, resets in 3\d s$/);
    expect(chip).toHaveTextContent('Limit 412/600');
    await user.click(screen.getByRole('tab', { name: 'Headers' }));
    const headers = screen.getByRole('table', { name: 'Response headers' });
    expect(within(headers).getByRole('rowheader', { name: 'x-request-id' }).closest('tr')).toHaveTextContent('abc');
    expect(within(headers).getByRole('rowheader', { name: 'ratelimit-remaining' }).closest('tr')).toHaveTextContent('412');
    const gauge = screen.getByRole('group', { name: 'Rate limit' });
    expect(gauge).toHaveTextContent(/412 of 600 left, resets in 3\d s/);
    expect(within(gauge).getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(Math.round((412 / 600) * 100)));
  });

  it('has no chip when the response has no rate-limit headers', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/v1/seller/products/3', () => HttpResponse.json(product(3, 'B-07'))),
    );
    const { user } = renderApp('/api-test?operation=getSellerProduct&id=3');
    await send(user);
    expect(screen.queryByLabelText(/^Rate limit:/)).not.toBeInTheDocument();
  });
});

describe('Download CSV', () => {
  it('saves a detail as one row with the spec columns, a BOM and a dated name', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/v1/seller/products/3', () => HttpResponse.json(product(3, 'B-07, shelf "2"'))),
    );
    const files = captureDownloads();
    const { user } = renderApp('/api-test?operation=getSellerProduct&id=3');
    await send(user);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(files).toHaveLength(1);
    expect(files[0]?.name).toMatch(/^seller-products-3-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, row] = (await files[0]!.text).split('\r\n');
    expect(header?.startsWith('\uFEFFid,productName,')).toBe(true);
    const columns = header!.slice(1).split(',');
    expect(columns).toContain('inventory.location');
    expect(row).toContain('"B-07, shelf ""2"""');
  });

  it('walks every page of a list with the same size and token, waiting out a 429, then saves one file', async () => {
    const asked: string[] = [];
    let refused = false;
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/v1/warehouse/inventory', ({ request }) => {
        const url = new URL(request.url);
        const page = Number(url.searchParams.get('page'));
        asked.push(`${url.search} ${request.headers.get('ACME-API-TOKEN') === FAKE_TOKEN ? 'token' : 'no token'}`);
        if (page === 1 && !refused) {
          refused = true;
          return HttpResponse.json({ status: 429, message: 'Too many requests' }, { status: 429, headers: { 'Retry-After': '1' } });
        }
        return HttpResponse.json({
          page,
          size: 2,
          lastPage: 2,
          data: [product(page * 2 + 1, `L${page}a`), ...(page < 2 ? [product(page * 2 + 2, `L${page}b`)] : [])],
        });
      }),
    );
    const files = captureDownloads();
    const { user } = renderApp('/api-test?operation=listWarehouseInventory&size=2');
    await send(user);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await user.click(screen.getByRole('menuitem', { name: /All pages/ }));
    expect(await screen.findByText(/Rate limit reached: waiting 1 s/)).toBeInTheDocument();
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 8000 });
    expect(asked).toEqual(['?page=0&size=2 token', '?page=0&size=2 token', '?page=1&size=2 token', '?page=1&size=2 token', '?page=2&size=2 token']);
    expect(files[0]?.name).toMatch(/^warehouse-inventory-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await files[0]!.text).split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines.slice(1, 6).map((line) => line.split(',')[0])).toEqual(['1', '2', '3', '4', '5']);
    // The file is saved inside the walk; the progress line goes with the render that follows it.
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('stops when cancelled and saves nothing', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/v1/warehouse/inventory', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        if (page === 1) return HttpResponse.json({ status: 429, message: 'Too many requests' }, { status: 429, headers: { 'Retry-After': '30' } });
        return HttpResponse.json({ page, size: 1, lastPage: 4, data: [product(page + 1, 'A')] });
      }),
    );
    const files = captureDownloads();
    const { user } = renderApp('/api-test?operation=listWarehouseInventory&size=1');
    await send(user);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await user.click(screen.getByRole('menuitem', { name: /All pages/ }));
    const progress = await screen.findByRole('status');
    expect(progress).toHaveTextContent(/waiting 30 s \(page 1 of 5, 1 rows\)/);
    await user.click(within(progress).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Download cancelled: no file was saved.')).toBeInTheDocument();
    expect(files).toHaveLength(0);
  });
});
