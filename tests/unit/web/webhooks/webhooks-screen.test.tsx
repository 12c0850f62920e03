/**
 * The Webhooks screen: listWebhookEndpoints, createWebhookEndpoint, updateWebhookEndpoint,
 * deleteWebhookEndpoint, getWebhookEndpointSecret, rotateWebhookEndpointSecret, sendWebhookTestEvent,
 * listWebhookAttempts, getWebhookDelivery, replayWebhookDelivery, replayFailedWebhookDeliveries.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listWebhookEndpoints } from '../support/handlers';
import { seller } from '../support/fixtures';
import { currentUrl, renderApp } from '../support/render-app';
import { attemptFixture, attemptsApi, deliveryOf, endpointFixture, NEW_SECRET, SECRET, type Attempt, type Endpoint } from './webhook-fixtures';

setupMsw();

function openScreen(endpoints: Endpoint[] | (() => Endpoint[]), attempts: Attempt[] = []) {
  const log = attemptsApi({ first: { data: attempts, nextCursor: null } });
  server.use(getCurrentUser(seller), listWebhookEndpoints(endpoints), log.handler);
  return { ...renderApp('/webhooks'), asked: log.asked };
}

describe('listWebhookEndpoints', () => {
  it('explains webhooks when there is no endpoint, with a link to the events reference', async () => {
    openScreen([]);
    expect(await screen.findByRole('heading', { name: 'No endpoints yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'the events and what they carry' })).toHaveAttribute('href', '/documentation?category=seller&subcategory=events');
    expect(screen.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  });

  it('shows each endpoint with its environment, state and events', async () => {
    openScreen([
      endpointFixture({ url: 'https://a.example.com/hook', eventTypes: ['seller.import.status_changed'] }),
      endpointFixture({ url: 'https://b.example.com/hook', enabled: false, disabledReason: 'gone', environment: 'live' }),
      endpointFixture({ url: 'https://c.example.com/hook', failingSince: '2026-11-28T10:00:00Z' }),
    ]);
    const first = await screen.findByRole('article', { name: 'https://a.example.com/hook' });
    expect(within(first).getByText('Sandbox')).toBeVisible();
    expect(within(first).getByText('Enabled')).toBeVisible();
    expect(within(first).getByText('Import status changed')).toBeVisible();
    const second = screen.getByRole('article', { name: 'https://b.example.com/hook' });
    expect(within(second).getByText('Disabled: answered 410')).toBeVisible();
    expect(within(second).getByText(/answered 410 Gone/)).toBeVisible();
    expect(within(second).getByText('Live')).toBeVisible();
    const third = screen.getByRole('article', { name: 'https://c.example.com/hook' });
    expect(within(third).getByText('Failing')).toBeVisible();
    expect(within(third).getByText(/have failed since/)).toBeVisible();
  });
});

describe('createWebhookEndpoint', () => {
  it('checks the URL before sending, sends the chosen events and shows the secret once added', async () => {
    let endpoints: Endpoint[] = [];
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/webhooks/endpoints', async ({ request }) => {
        const body = (await request.json()) as { url: string; eventTypes: Endpoint['eventTypes'] };
        sent.push(body);
        const endpoint = endpointFixture({ url: body.url, eventTypes: body.eventTypes });
        endpoints = [endpoint];
        return HttpResponse.json({ endpoint, secret: SECRET }, { status: 201 });
      }),
    );
    const { user } = openScreen(() => endpoints);
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    // Live is offered only when the server makes live tokens; it does not here.
    expect(within(dialog).queryByRole('radio', { name: 'Live' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText('Enter the URL that receives the events.')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'ftp://example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(/starts with https:\/\//)).toBeVisible();
    await user.clear(within(dialog).getByRole('textbox', { name: /URL/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://shop.example.com/hooks');
    await user.click(within(dialog).getByRole('radio', { name: 'Only the events I choose' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Choose at least one event.')).toBeVisible();
    await user.click(within(dialog).getByRole('checkbox', { name: /Normal order status changed/ }));
    expect(within(dialog).queryByRole('checkbox', { name: /warehouse\./ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const added = await screen.findByRole('dialog', { name: 'Endpoint added' });
    expect(within(added).getByLabelText('Signing secret')).toHaveTextContent(SECRET);
    expect(within(added).getByRole('button', { name: 'Copy secret' })).toBeVisible();
    expect(sent).toEqual([
      { url: 'https://shop.example.com/hooks', eventTypes: ['seller.normal_order.status_changed'], environment: 'sandbox', description: '' },
    ]);
    await user.click(within(added).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('article', { name: 'https://shop.example.com/hooks' })).toBeVisible();
  });

  it('offers Live when the server makes live tokens, and asks https of it', async () => {
    const log = attemptsApi({ first: { data: [], nextCursor: null } });
    server.use(getCurrentUser(seller), listWebhookEndpoints([]), log.handler);
    const { user } = renderApp('/webhooks', { pageSettings: { publicDocs: false, loginForm: true, signInWith: null, liveTokens: true } });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.click(within(dialog).getByRole('radio', { name: 'Live' }));
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'http://shop.example.com/hooks');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('A live endpoint must use https.')).toBeVisible();
  });
});

describe('getWebhookEndpointSecret and rotateWebhookEndpointSecret', () => {
  it('shows the secret on request, masked until shown', async () => {
    const endpoint = endpointFixture();
    server.use(http.get('*/api/webhooks/endpoints/:id/secret', () => HttpResponse.json({ secret: SECRET, previousSecretEndDate: null })));
    const { user } = openScreen([endpoint]);
    await user.click(await screen.findByRole('button', { name: 'Show secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByLabelText('Signing secret, hidden')).not.toHaveTextContent(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Show secret' }));
    expect(within(dialog).getByLabelText('Signing secret')).toHaveTextContent(SECRET);
  });

  it('asks first, explaining the 24-hour overlap, then shows the new secret and until when the old one signs', async () => {
    const endpoint = endpointFixture();
    let rotated = 0;
    server.use(
      http.post('*/api/webhooks/endpoints/:id/secret/rotate', ({ params }) => {
        rotated = Number(params.id);
        return HttpResponse.json({ secret: NEW_SECRET, previousSecretEndDate: '2026-11-30T08:00:00Z' });
      }),
    );
    const { user } = openScreen([endpoint]);
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the secret?' });
    expect(within(confirm).getByText(/next 24 hours each delivery carries two signatures/)).toBeVisible();
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Secret rotated' });
    expect(rotated).toBe(endpoint.id);
    expect(within(dialog).getByLabelText('Signing secret')).toHaveTextContent(NEW_SECRET);
    expect(within(dialog).getByText(/also carries a signature made with the previous secret/)).toHaveTextContent('Nov 30, 2026');
  });
});

describe('updateWebhookEndpoint and deleteWebhookEndpoint', () => {
  it('switches an endpoint off, and deletes one after asking', async () => {
    const endpoint = endpointFixture({ url: 'https://x.example.com/hook' });
    const patches: unknown[] = [];
    let deleted = 0;
    server.use(
      http.patch('*/api/webhooks/endpoints/:id', async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json({ ...endpoint, enabled: false, disabledReason: 'owner' });
      }),
      http.delete('*/api/webhooks/endpoints/:id', ({ params }) => {
        deleted = Number(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = openScreen([endpoint]);
    await user.click(await screen.findByRole('switch', { name: 'Send events to https://x.example.com/hook' }));
    await waitFor(() => expect(patches).toEqual([{ enabled: false }]));
    await user.click(screen.getByRole('button', { name: 'Delete https://x.example.com/hook' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(endpoint.id));
  });

  it('edits the URL and events without the environment', async () => {
    const endpoint = endpointFixture({ url: 'https://old.example.com/hook' });
    const patches: unknown[] = [];
    server.use(
      http.patch('*/api/webhooks/endpoints/:id', async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json(endpoint);
      }),
    );
    const { user } = openScreen([endpoint]);
    await user.click(await screen.findByRole('button', { name: 'Edit https://old.example.com/hook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    const url = within(dialog).getByRole('textbox', { name: /URL/ });
    await user.clear(url);
    await user.type(url, 'https://new.example.com/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([{ url: 'https://new.example.com/hook', eventTypes: [], description: endpoint.description }]));
  });
});

describe('sendWebhookTestEvent', () => {
  it('sends the chosen type, and the new delivery appears in the log', async () => {
    const endpoint = endpointFixture();
    let attempts: Attempt[] = [];
    const sent: unknown[] = [];
    const log = attemptsApi(() => ({ data: attempts, nextCursor: null }));
    server.use(
      getCurrentUser(seller),
      listWebhookEndpoints([endpoint]),
      log.handler,
      http.post('*/api/webhooks/endpoints/:id/test', async ({ request }) => {
        sent.push(await request.json());
        attempts = [attemptFixture({ eventType: 'seller.import.status_changed', endpointId: endpoint.id })];
        return HttpResponse.json({ deliveryId: 1, eventId: 'evt_0000000000000001' }, { status: 202 });
      }),
    );
    const { user } = renderApp('/webhooks');
    expect(await screen.findByText(/No deliveries match/)).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send test event' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: 'Import status changed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ eventType: 'seller.import.status_changed' }]));
    const table = await screen.findByRole('table', { name: 'Delivery log' });
    expect(await within(table).findByText('Import status changed')).toBeVisible();
  });
});

describe('listWebhookAttempts', () => {
  it('filters by endpoint, event and outcome, and pages older and newer by keyset', async () => {
    const endpoint = endpointFixture({ url: 'https://f.example.com/hook' });
    const newest = attemptFixture({ outcome: 'failed', statusCode: 500, responseBody: 'boom', nextAttemptDate: '2026-12-01T08:00:00Z' });
    const older = attemptFixture({ outcome: 'failed', statusCode: null, error: 'Timed out after 15 s', responseBody: null });
    const log = attemptsApi({ first: { data: [newest], nextCursor: '1795940048901-5120' }, '1795940048901-5120': { data: [older], nextCursor: null } });
    server.use(getCurrentUser(seller), listWebhookEndpoints([endpoint]), log.handler);
    const { user, router } = renderApp('/webhooks');
    const table = await screen.findByRole('table', { name: 'Delivery log' });
    expect(within(table).getByLabelText('Failed: 500')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await within(table).findByText('Timed out after 15 s')).toBeVisible();
    expect(currentUrl(router)).toBe('/webhooks?cursor=1795940048901-5120');
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/webhooks'));

    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await user.click(screen.getByRole('combobox', { name: 'Endpoint' }));
    await user.click(await screen.findByRole('option', { name: 'https://f.example.com/hook' }));
    await user.click(screen.getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: 'Import status changed' }));
    await waitFor(() => expect(log.asked.at(-1)?.toString()).toBe(`endpointId=${endpoint.id}&eventType=seller.import.status_changed&outcome=failed`));
    expect(currentUrl(router)).toBe(`/webhooks?endpoint=${endpoint.id}&event=seller.import.status_changed&outcome=failed`);
  }, 40_000);
});

describe('getWebhookDelivery, replayWebhookDelivery and replayFailedWebhookDeliveries', () => {
  it('opens a delivery with its exact payload and each attempt’s answer, and replays it', async () => {
    const endpoint = endpointFixture();
    const attempt = attemptFixture({ endpointId: endpoint.id, outcome: 'failed', statusCode: 500, responseBody: '{"error":"database unavailable"}' });
    const payload = '{"id":"evt_1","type":"seller.normal_order.status_changed","data":{"resourceId":1042}}';
    let replayed = 0;
    const retried = attemptFixture({ ...attempt, id: attempt.id + 100, outcome: 'succeeded', statusCode: 200, responseBody: 'thanks' });
    server.use(
      http.get('*/api/webhooks/deliveries/:id', () => {
        const delivery = deliveryOf(attempt, payload);
        return HttpResponse.json(replayed === 0 ? delivery : { ...delivery, state: 'succeeded', attempts: [retried, attempt] });
      }),
      http.post('*/api/webhooks/deliveries/:id/replay', ({ params }) => {
        replayed = Number(params.id);
        return HttpResponse.json({ deliveryId: attempt.deliveryId, eventId: attempt.eventId }, { status: 202 });
      }),
    );
    const { user } = openScreen([endpoint], [attempt]);
    await user.click(await screen.findByRole('button', { name: /^Delivery of Normal order status changed at/ }));
    const dialog = await screen.findByRole('dialog', { name: `Delivery #${attempt.deliveryId}` });
    expect(await within(dialog).findByLabelText('Payload')).toHaveTextContent('"resourceId": 1042');
    expect(within(dialog).getByLabelText(/^Answer to attempt 1,/)).toHaveTextContent('database unavailable');
    await user.click(within(dialog).getByRole('button', { name: 'Replay' }));
    await waitFor(() => expect(replayed).toBe(attempt.deliveryId));
    expect(await screen.findByText(/Replay queued/)).toBeVisible();
    // The open delivery is asked again shortly after, and shows the new attempt.
    expect(await within(dialog).findByLabelText('Succeeded: 200')).toBeVisible();
    expect(within(dialog).getByText('thanks')).toBeVisible();
  }, 40_000);

  it('replays every failed delivery to an endpoint since a time and says how many', async () => {
    const endpoint = endpointFixture();
    const sent: { endpointId: number; since: string }[] = [];
    server.use(
      http.post('*/api/webhooks/deliveries/replay', async ({ request }) => {
        sent.push((await request.json()) as { endpointId: number; since: string });
        return HttpResponse.json({ replayed: 3 }, { status: 202 });
      }),
    );
    const { user } = openScreen([endpoint]);
    await user.click(await screen.findByRole('button', { name: 'Replay failed since…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replay failed deliveries' });
    await user.click(within(dialog).getByRole('button', { name: 'Replay failed' }));
    expect(await within(dialog).findByText('3 deliveries queued again.')).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.endpointId).toBe(endpoint.id);
    // A day back by default, as an instant.
    expect(Date.now() - Date.parse(sent[0]?.since ?? '')).toBeGreaterThan(23 * 3_600_000);
  });
});

describe('the shell’s notice', () => {
  it('tells the owner on other screens that an endpoint was switched off, with a link to Webhooks', async () => {
    server.use(
      getCurrentUser(seller),
      listWebhookEndpoints([endpointFixture({ url: 'https://gone.example.com/hook', enabled: false, disabledReason: 'gone' })]),
      http.get('*/api/portal/activity', () => HttpResponse.json({ data: [], nextCursor: null })),
    );
    renderApp('/activity');
    const notice = await screen.findByRole('complementary', { name: 'Webhook endpoints' });
    expect(notice).toHaveTextContent('https://gone.example.com/hook was switched off because it answered 410 Gone');
    expect(within(notice).getByRole('link', { name: 'Open Webhooks' })).toHaveAttribute('href', '/webhooks');
  });

  it('says nothing about endpoints that work, or that their owner switched off', async () => {
    server.use(
      getCurrentUser(seller),
      listWebhookEndpoints([endpointFixture(), endpointFixture({ enabled: false, disabledReason: 'owner' })]),
      http.get('*/api/portal/activity', () => HttpResponse.json({ data: [], nextCursor: null })),
    );
    renderApp('/activity');
    expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    expect(screen.queryByRole('complementary', { name: 'Webhook endpoints' })).toBeNull();
  });
});
