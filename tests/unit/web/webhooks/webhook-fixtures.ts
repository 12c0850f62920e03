/** Webhook test data typed by the generated spec types, and an msw stand-in for the portal's webhook operations. */
import { http, HttpResponse } from 'msw';
import type { components } from '../../../../src/generated/api';

export type Endpoint = components['schemas']['WebhookEndpoint'];
export type Attempt = components['schemas']['WebhookAttempt'];
export type Delivery = components['schemas']['WebhookDelivery'];

export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0OsGuCUBDSw=';
export const NEW_SECRET = 'whsec_AAAAr8GKYqrTwjUPD8ILPZIo2LaLaSw0OsGuCUBDSw=';

let nextId = 1;

export function endpointFixture(overrides: Partial<Endpoint> = {}): Endpoint {
  return {
    id: nextId++,
    url: 'https://hooks.example.com/acme/events',
    description: 'Order updates for the shop backend',
    eventTypes: [],
    environment: 'sandbox',
    enabled: true,
    disabledReason: null,
    failingSince: null,
    createdDate: '2026-11-28T08:00:00Z',
    previousSecretEndDate: null,
    ...overrides,
  };
}

export function attemptFixture(overrides: Partial<Attempt> = {}): Attempt {
  const id = nextId++;
  return {
    id,
    deliveryId: id + 1000,
    endpointId: 1,
    endpointUrl: 'https://hooks.example.com/acme/events',
    eventId: `evt_${String(id).padStart(16, '0')}`,
    eventType: 'seller.normal_order.status_changed',
    environment: 'sandbox',
    attempt: 1,
    time: new Date(Date.UTC(2026, 10, 29, 8, 14, 8) - id * 60_000).toISOString(),
    outcome: 'succeeded',
    statusCode: 200,
    durationMs: 184,
    error: null,
    responseBody: 'ok',
    nextAttemptDate: null,
    ...overrides,
  };
}

export function deliveryOf(attempt: Attempt, payload: string): Delivery {
  return {
    id: attempt.deliveryId,
    endpointId: attempt.endpointId,
    eventId: attempt.eventId,
    eventType: attempt.eventType,
    environment: attempt.environment,
    state: attempt.outcome === 'succeeded' ? 'succeeded' : 'failed',
    createdDate: attempt.time,
    nextAttemptDate: attempt.nextAttemptDate,
    payload,
    attempts: [attempt],
  };
}

/** listWebhookAttempts answering by cursor, recording each query it was asked. */
export function attemptsApi(pages: Record<string, { data: Attempt[]; nextCursor: string | null }> | (() => { data: Attempt[]; nextCursor: string | null })) {
  const asked: URLSearchParams[] = [];
  const handler = http.get('*/api/webhooks/deliveries', ({ request }) => {
    const params = new URL(request.url).searchParams;
    asked.push(params);
    const page = typeof pages === 'function' ? pages() : (pages[params.get('cursor') ?? 'first'] ?? { data: [], nextCursor: null });
    return HttpResponse.json(page);
  });
  return { handler, asked };
}
