/**
 * The delivery log's state lives in the URL (`/webhooks?endpoint=3&event=seller.import.status_changed
 * &outcome=failed&cursor=...`), so a filtered log can be shared and Back returns to the page before.
 * `cursor` repeats: the keyset cursors of the pages below the newest, newest first; Newer drops the last.
 */
import type { components } from '../../../../generated/api';
import type { WebhookEventType } from '../api/list-webhook-endpoints';
import { isEventType } from './event-types';

export type DeliveryOutcome = components['schemas']['WebhookAttemptOutcome'];

export const OUTCOMES: readonly DeliveryOutcome[] = ['succeeded', 'failed'];

export interface DeliveryFilters {
  endpointId?: number;
  eventType?: WebhookEventType;
  outcome?: DeliveryOutcome;
}

export interface DeliveryView {
  filters: DeliveryFilters;
  cursors: string[];
}

const ID = /^[1-9]\d{0,9}$/;

export function parseDeliveryView(params: URLSearchParams): DeliveryView {
  const endpoint = params.get('endpoint');
  const event = params.get('event');
  const outcome = params.get('outcome');
  return {
    filters: {
      ...(endpoint !== null && ID.test(endpoint) ? { endpointId: Number(endpoint) } : {}),
      ...(isEventType(event) ? { eventType: event } : {}),
      ...(OUTCOMES.find((known) => known === outcome) ? { outcome: outcome as DeliveryOutcome } : {}),
    },
    cursors: params.getAll('cursor').filter((cursor) => cursor !== ''),
  };
}

/** The view's parameters over the URL's others (a delivery opened by `delivery=`, say), which it keeps. */
export function deliveryViewToParams({ filters, cursors }: DeliveryView, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of ['endpoint', 'event', 'outcome', 'cursor']) params.delete(name);
  if (filters.endpointId !== undefined) params.set('endpoint', String(filters.endpointId));
  if (filters.eventType) params.set('event', filters.eventType);
  if (filters.outcome) params.set('outcome', filters.outcome);
  for (const cursor of cursors) params.append('cursor', cursor);
  return params;
}

/** The query listWebhookAttempts takes. */
export function attemptsQuery(filters: DeliveryFilters): { endpointId?: number; eventType?: WebhookEventType; outcome?: DeliveryOutcome } {
  return {
    ...(filters.endpointId === undefined ? {} : { endpointId: filters.endpointId }),
    ...(filters.eventType ? { eventType: filters.eventType } : {}),
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
  };
}
