/**
 * Test events: the spec's own example of each event type (its `webhooks` section), sent with a fresh id
 * and time and the endpoint's environment, so what a receiver gets is exactly what the reference shows.
 */
import { newEventId } from '../lib/webhook-ids.ts';
import { isObject, resolved, type OpenApiDocument } from '../../shared/openapi/openapi-document.ts';
import type { TokenEnvironment } from '../../shared/token-environment.ts';
import type { WebhookEventType } from './outbox.ts';

export type TestEventMaker = (type: WebhookEventType, environment: TokenEnvironment, time: Date) => { id: string; payload: string };

/** The first example of each webhook's body, by its event name (the key of `webhooks`). */
function examplesOf(spec: OpenApiDocument): Map<string, Record<string, unknown>> {
  const examples = new Map<string, Record<string, unknown>>();
  const webhooks = (spec as { webhooks?: Record<string, unknown> }).webhooks ?? {};
  for (const [name, item] of Object.entries(webhooks)) {
    const post = resolved(spec, isObject(item) ? item.post : undefined);
    const body = resolved(spec, isObject(post) ? post.requestBody : undefined);
    const content = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
    const named = isObject(content) && isObject(content.examples) ? Object.values(content.examples)[0] : undefined;
    const example = resolved(spec, named);
    if (isObject(example) && isObject(example.value)) examples.set(name, example.value);
  }
  return examples;
}

export function testEventMaker(spec: OpenApiDocument): TestEventMaker {
  const examples = examplesOf(spec);
  return (type, environment, time) => {
    const example = examples.get(type);
    if (example === undefined) throw new Error(`The spec has no example of the ${type} event`);
    const id = newEventId();
    // Spread in the example's order, so the keys keep the order the reference shows.
    return { id, payload: JSON.stringify({ ...example, id, type, timestamp: time.toISOString(), environment }) };
  };
}
