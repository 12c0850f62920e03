/**
 * src/generated/webhook-events.ts: the events of the public spec's `webhooks` section (type, family,
 * summary, reference page), and the body fields of each sandbox simulation, so the app offers what the
 * spec declares and nothing typed by hand. Generation fails when the `webhooks` section and the portal's
 * WebhookEventType enum disagree.
 */
import { oneOf } from '../../src/shared/openapi/portal-extensions.ts';
import { API_FAMILIES } from '../../src/shared/api-family.ts';
import { deref, isObject, listOperations, operationIdOf, type JsonObject, type OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';
import type { SimulationBodyField, WebhookEventData } from '../../src/shared/portal-data/webhook-events.ts';
import { TS_HEADER } from './write-outputs.ts';

export function buildWebhookEvents(publicSpec: OpenApiDocument, portalSpec: OpenApiDocument): WebhookEventData[] {
  const tags = new Map((publicSpec.tags ?? []).map((tag) => [tag.name, tag]));
  const webhooks = isObject(publicSpec.webhooks) ? publicSpec.webhooks : {};
  const events = Object.entries(webhooks).map(([type, item]): WebhookEventData => {
    const post = isObject(item) && isObject(item.post) ? item.post : undefined;
    if (!post) throw new Error(`webhooks.${type}: expected a post operation`);
    const tagName = Array.isArray(post.tags) ? post.tags[0] : undefined;
    const tag = typeof tagName === 'string' ? tags.get(tagName) : undefined;
    if (!tag) throw new Error(`webhooks.${type}: its first tag must be declared in openapi.yaml`);
    const family = oneOf(API_FAMILIES, tag['x-category'], `webhooks.${type}: x-category of tag "${tag.name}"`);
    const subcategory = tag['x-subcategory'];
    if (typeof subcategory !== 'string') throw new Error(`webhooks.${type}: tag "${tag.name}" has no x-subcategory`);
    if (typeof post.operationId !== 'string' || typeof post.summary !== 'string') throw new Error(`webhooks.${type}: needs an operationId and a summary`);
    return { type, family, summary: post.summary, operationId: post.operationId, page: { category: family, subcategory } };
  });
  const declared = portalSpec.components?.schemas?.WebhookEventType?.enum;
  const named = Array.isArray(declared) ? declared.map(String).sort() : [];
  const sent = events.map((event) => event.type).sort();
  if (named.join() !== sent.join()) throw new Error(`WebhookEventType (${named.join(', ')}) and the webhooks section (${sent.join(', ')}) differ`);
  return events;
}

/** Each simulation's required integer body fields, by operationId; simulations without a body are left out. */
export function buildSimulationBodies(publicSpec: OpenApiDocument): Record<string, SimulationBodyField[]> {
  const bodies: Record<string, SimulationBodyField[]> = {};
  for (const entry of listOperations(publicSpec)) {
    if (entry.operation['x-mode'] !== 'simulation' || !isObject(entry.operation.requestBody)) continue;
    const body = deref(publicSpec, entry.operation.requestBody).node;
    const media = isObject(body.content) ? body.content['application/json'] : undefined;
    if (!isObject(media) || !isObject(media.schema)) continue;
    const schema = deref(publicSpec, media.schema).node;
    const properties: JsonObject = isObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    bodies[operationIdOf(entry)] = required.map((name) => {
      const property = isObject(properties[name]) ? deref(publicSpec, properties[name]).node : {};
      if (property.type !== 'integer') throw new Error(`${operationIdOf(entry)}: body field ${name} must be an integer for the Simulate panel`);
      return {
        name,
        description: typeof property.description === 'string' ? property.description : '',
        ...(typeof property.minimum === 'number' ? { minimum: property.minimum } : {}),
        ...(typeof property.maximum === 'number' ? { maximum: property.maximum } : {}),
      };
    });
  }
  return bodies;
}

export function webhookEventsModule(events: WebhookEventData[], bodies: Record<string, SimulationBodyField[]>): string {
  return `${TS_HEADER}import type { SimulationBodyField, WebhookEventData } from '../shared/portal-data/webhook-events.ts';

export const webhookEvents: readonly WebhookEventData[] = ${JSON.stringify(events, null, 2)};

export const simulationBodies: Readonly<Record<string, readonly SimulationBodyField[]>> = ${JSON.stringify(bodies, null, 2)};
`;
}
