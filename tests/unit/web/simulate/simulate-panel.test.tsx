/**
 * Settings' Simulate panel: the sandbox simulations (advanceSellerNormalOrder, changeSellerProductStock, ...)
 * called with a sandbox token, their targets from the list calls' first page, and the result.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { brand } from '../../../../src/generated/brand';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { FAKE_TOKEN, seller, tokenFixture } from '../support/fixtures';
import { renderApp } from '../support/render-app';

setupMsw();

async function panel() {
  return screen.findByRole('region', { name: 'Simulate' });
}

describe('Simulate', () => {
  it('asks for a sandbox token when the user has none (a live one does not count)', async () => {
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture({ environment: 'live' })]));
    renderApp('/settings');
    const section = await panel();
    expect(await within(section).findByText('Create a sandbox token to simulate.')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Create one above' })).toBeVisible();
  });

  it('advances a normal order picked from the first page, with the token, and shows before → after and the deliveries', async () => {
    const calls: { url: string; token: string | null }[] = [];
    server.use(
      getCurrentUser(seller),
      listApiTokens([tokenFixture({ title: 'Sandbox sync' })]),
      http.get('*/api/v1/seller/orders/normal', ({ request }) => {
        calls.push({ url: new URL(request.url).pathname, token: request.headers.get(brand.apiTokenHeader) });
        return HttpResponse.json({ page: 0, size: 20, lastPage: true, data: [{ id: 1042, orderNumber: 'SO-1042', status: 'PACKED', sellerStatus: 'READY' }] });
      }),
      http.post('*/api/v1/seller/sandbox/orders/normal/:id/advance', ({ request, params }) => {
        calls.push({ url: new URL(request.url).pathname, token: request.headers.get(brand.apiTokenHeader) });
        return HttpResponse.json({
          resourceId: Number(params.id),
          resourceUrl: 'https://api.acme.example/api/v1/seller/orders/normal/1042',
          changes: { status: { previous: 'PACKED', current: 'SHIPPED' } },
          deliveriesQueued: 2,
        });
      }),
    );
    const { user } = renderApp('/settings');
    const section = await panel();
    // The only sandbox token is filled in; the first simulation is the spec's first.
    expect(await within(section).findByRole('combobox', { name: 'Sandbox token' })).toHaveTextContent('Sandbox sync');
    expect(within(section).getByRole('combobox', { name: 'Simulation' })).toHaveTextContent('Advance a normal order');
    // Nothing is asked with the token until the list is opened.
    expect(calls).toEqual([]);
    await user.click(within(section).getByRole('combobox', { name: /Which one/ }));
    const option = await screen.findByRole('option', { name: /#1042 · SO-1042/ });
    expect(option).toHaveTextContent('PACKED · seller: READY');
    await user.click(option);
    await user.click(within(section).getByRole('button', { name: 'Simulate' }));
    const result = await within(section).findByRole('status');
    expect(result).toHaveTextContent('PACKED');
    expect(result).toHaveTextContent('SHIPPED');
    expect(result).toHaveTextContent('2 webhook deliveries queued.');
    expect(within(result).getByRole('link', { name: 'Open the delivery log' })).toHaveAttribute('href', '/webhooks');
    // Then the list again, so the picker shows the new status.
    expect(calls).toEqual([
      { url: '/api/v1/seller/orders/normal', token: FAKE_TOKEN },
      { url: '/api/v1/seller/sandbox/orders/normal/1042/advance', token: FAKE_TOKEN },
      { url: '/api/v1/seller/orders/normal', token: FAKE_TOKEN },
    ]);
  });

  it('changes a product’s stock with the quantity the spec asks for, and says why a simulation was refused', async () => {
    const bodies: unknown[] = [];
    server.use(
      getCurrentUser(seller),
      listApiTokens([tokenFixture()]),
      http.get('*/api/v1/seller/products', () =>
        HttpResponse.json({ page: 0, size: 20, lastPage: true, data: [{ id: 7, productName: 'Desk lamp', inventory: { availableQuantity: 410 } }] }),
      ),
      http.post('*/api/v1/seller/sandbox/products/:id/stock', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: 409, message: 'Neither quantity may fall below zero.' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/settings');
    const section = await panel();
    await user.click(await within(section).findByRole('combobox', { name: 'Simulation' }));
    await user.click(await screen.findByRole('option', { name: "Change a product's stock" }));
    await user.click(within(section).getByRole('combobox', { name: /Which one/ }));
    expect(await screen.findByRole('option', { name: /#7 · Desk lamp/ })).toHaveTextContent('410 available');
    await user.keyboard('7{Escape}');
    await user.click(within(section).getByRole('button', { name: 'Simulate' }));
    expect(await within(section).findByText('Enter a whole number other than 0.')).toBeVisible();
    await user.type(within(section).getByRole('textbox', { name: 'quantityChange' }), '-12');
    await user.click(within(section).getByRole('button', { name: 'Simulate' }));
    expect(await within(section).findByText('Neither quantity may fall below zero.')).toBeVisible();
    await waitFor(() => expect(bodies).toEqual([{ quantityChange: -12 }]));
  });
});
