/**
 * What the Webhooks screen and the Simulate panel need from the spec beyond its types, written by
 * scripts/generate/webhook-events.ts into src/generated/webhook-events.ts: the events an endpoint can
 * subscribe to (the spec's `webhooks` section, checked against the WebhookEventType enum) and the body
 * fields each sandbox simulation takes.
 */
import type { ApiFamily } from '../api-family.ts';

export interface WebhookEventData {
  /** `seller.normal_order.status_changed`: the key in the spec's `webhooks` section. */
  type: string;
  /** Which account's endpoints receive it (the `x-category` of its tag). */
  family: ApiFamily;
  /** Its summary: `Normal order status changed`. */
  summary: string;
  /** The event's operationId in the reference (its anchor on the family's events page). */
  operationId: string;
  /** The reference page that documents it. */
  page: { category: ApiFamily; subcategory: string };
}

/** One required integer field of a simulation's JSON body (the stock changes' `quantityChange`). */
export interface SimulationBodyField {
  name: string;
  description: string;
  minimum?: number;
  maximum?: number;
}
