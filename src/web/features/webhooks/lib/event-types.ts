/**
 * The events an account can subscribe to: those of its family, from the generated events data (the spec's
 * `webhooks` section), in the spec's order. A seller's endpoints hear `seller.` events, a warehouse's
 * `warehouse.` events.
 */
import { webhookEvents } from '../../../../generated/webhook-events';
import type { ApiFamily } from '../../../../shared/api-family';
import { documentationHref } from '../../../../shared/portal-data/links';
import type { WebhookEventData } from '../../../../shared/portal-data/webhook-events';
import type { WebhookEventType } from '../api/list-webhook-endpoints';

export interface EventChoice extends WebhookEventData {
  type: WebhookEventType;
}

// The generator checks the section against the WebhookEventType enum, so its types are the enum's.
const events = webhookEvents as readonly EventChoice[];

export function eventsOfFamily(family: ApiFamily): EventChoice[] {
  return events.filter((event) => event.family === family);
}

/** "Normal order status changed" for a type the spec declares; the type itself otherwise. */
export function eventLabel(type: string): string {
  return events.find((event) => event.type === type)?.summary ?? type;
}

export function isEventType(text: string | null): text is WebhookEventType {
  return text !== null && events.some((event) => event.type === text);
}

/** The reference page of a family's events (where each event's payload is documented). */
export function eventsReferenceHref(family: ApiFamily): string {
  const page = eventsOfFamily(family)[0]?.page ?? { category: family, subcategory: 'events' };
  return documentationHref(page);
}
