/**
 * The tester offers operations it has never seen (tests/fixtures/contract/new-operations.yaml, as the
 * catalogue would list them): a second detail call in a domain through the Operation menu, and a call
 * with two ids, each a field taken from the spec, sent to its path.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { catalogue } from '../../../../src/generated/catalogue';
import { AppProviders } from '../../../../src/web/app/providers';
import { createQueryClient } from '../../../../src/web/lib/query-client';
import { ApiTester } from '../../../../src/web/features/api-tester/components/api-tester';
import type { TesterOperation } from '../../../../src/web/features/api-tester/lib/operations';
import { operationMap } from '../../../../src/web/lib/operation-map';
import { FAKE_TOKEN } from '../support/fixtures';
import { server, setupMsw } from '../support/msw-server';

setupMsw();

const base = catalogue.operations.find((op) => op.operationId === 'getSellerProduct') as TesterOperation;
const stock: TesterOperation = { ...base, operationId: 'getSellerProductStock', path: '/seller/products/{productId}/stock', summary: "Get a product's stock" };
const line: TesterOperation = {
  ...base,
  operationId: 'getSellerOrderLine',
  path: '/seller/orders/{orderId}/lines/{lineId}',
  summary: 'Get an order line',
  domain: 'orders',
  idParam: null,
  parameters: [
    { name: 'orderId', in: 'path', required: true, type: 'integer', minimum: 1, maximum: 2147483647, description: 'The `id` of the normal order.' },
    { name: 'lineId', in: 'path', required: true, type: 'integer', minimum: 1, maximum: 1000, description: "The line's position in the order, from 1." },
  ],
};
const operations = operationMap([...catalogue.operations, stock, line]);

function renderTester(path: string) {
  const calls: string[] = [];
  server.use(
    http.get('/api/v1/*', ({ request }) => {
      calls.push(new URL(request.url).pathname);
      return HttpResponse.json({ ok: true });
    }),
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <ApiTester operations={operations} userFamily="seller" tokens={[]} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { calls, user: userEvent.setup() };
}

describe('operations the tester has never seen', () => {
  it('offers a second detail call of a domain in the Operation menu, keeping the ID', async () => {
    const { user, calls } = renderTester('/api-test?operation=getSellerProduct&id=5');
    await user.click(await screen.findByRole('combobox', { name: 'Operation' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: "Get a product's stock" }));
    expect(screen.getByLabelText('ID')).toHaveValue('5');
    await user.type(screen.getByLabelText('API token'), FAKE_TOKEN);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    await waitFor(() => expect(calls).toEqual(['/api/v1/seller/products/5/stock']));
  });

  it('gives a call with two ids a field for each, from the spec, and checks both', async () => {
    const { user, calls } = renderTester('/api-test?operation=getSellerOrderLine');
    const orderId = await screen.findByLabelText(/^orderId/);
    const lineId = screen.getByLabelText(/^lineId/);
    expect(screen.getByText("The line's position in the order, from 1. · 1 to 1000")).toBeInTheDocument();
    await user.type(screen.getByLabelText('API token'), FAKE_TOKEN);
    await user.type(orderId, '7');
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    expect(await screen.findByText('lineId is required.')).toBeInTheDocument();
    expect(lineId).toHaveFocus();
    await user.type(lineId, '1001');
    expect(screen.getByText('lineId must be from 1 to 1000.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    expect(calls).toEqual([]);
    await user.clear(lineId);
    await user.type(lineId, '3');
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    await waitFor(() => expect(calls).toEqual(['/api/v1/seller/orders/7/lines/3']));
  });
});
