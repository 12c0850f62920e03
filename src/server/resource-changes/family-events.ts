/**
 * One change to a resource, told to every account it concerns in that account's own family: the seller
 * whose row it is hears the `seller.` event, the operator of the warehouse it is addressed to hears the
 * `warehouse.` event, each with only the fields its view of the resource has, and the URL of its own detail
 * call. Both the sandbox's simulations and the warehouse system's reports of live changes come through here.
 * The fields and URLs are read from the spec (each event's payload schema, each family's detail call).
 */
import { API_FAMILIES, type ApiFamily } from '../../shared/api-family.ts';
import { publicOperationMeaning } from '../../shared/openapi/portal-extensions.ts';
import { isInternal, listOperations, type OpenApiDocument } from '../../shared/openapi/openapi-document.ts';
import type { TokenEnvironment } from '../../shared/token-environment.ts';
import type { ResourceEvent, WebhookEventType } from '../webhooks/outbox.ts';

export type ChangedResource = 'normal_order' | 'return_order' | 'import' | 'quotation' | 'product';
export type FieldChange = { previous: string; current: string } | { previous: number; current: number };

export interface ResourceChange {
  resource: ChangedResource;
  resourceId: number;
  /** The accounts it concerns (users.id); null when the side has no portal account. */
  sellerAccountId: number | null;
  warehouseAccountId: number | null;
  environment: TokenEnvironment;
  /** Every field that changed, in the spec's names, whichever family's view it belongs to. */
  changes: Record<string, FieldChange>;
  time: Date;
}

/** Each family's event for a kind of resource, and the public API domain (and order type) whose detail call serves it. */
const EVENTS: Readonly<Record<ApiFamily, Readonly<Record<ChangedResource, { type: WebhookEventType; domain: string; orderType?: string }>>>> = {
  seller: {
    normal_order: { type: 'seller.normal_order.status_changed', domain: 'orders', orderType: 'normal' },
    return_order: { type: 'seller.return_order.status_changed', domain: 'orders', orderType: 'return' },
    import: { type: 'seller.import.status_changed', domain: 'imports' },
    quotation: { type: 'seller.quotation.status_changed', domain: 'quotations' },
    product: { type: 'seller.product.inventory_changed', domain: 'products' },
  },
  warehouse: {
    normal_order: { type: 'warehouse.normal_order.status_changed', domain: 'orders', orderType: 'normal' },
    return_order: { type: 'warehouse.return_order.status_changed', domain: 'orders', orderType: 'return' },
    import: { type: 'warehouse.import.status_changed', domain: 'imports' },
    quotation: { type: 'warehouse.quotation.status_changed', domain: 'quotations' },
    product: { type: 'warehouse.inventory.quantity_changed', domain: 'inventory' },
  },
};

interface EventShape {
  type: WebhookEventType;
  /** The detail call's path with `{id}` where the resource's id goes: `/seller/orders/normal/{id}`. */
  pathTemplate: string;
  fields: ReadonlySet<string>;
}

export type FamilyEventShapes = Readonly<Record<ApiFamily, Readonly<Record<ChangedResource, EventShape>>>>;

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

function resolveRef(spec: OpenApiDocument, node: unknown): unknown {
  if (!isObject(node) || typeof node.$ref !== 'string') return node;
  return node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), spec);
}

/** The names under `data.changes` in an event's payload schema. */
function changeFieldsOf(spec: OpenApiDocument, type: WebhookEventType): Set<string> {
  const webhooks = (spec as unknown as { webhooks?: Record<string, unknown> }).webhooks ?? {};
  const post = (webhooks[type] as { post?: { requestBody?: { content?: Record<string, { schema?: unknown }> } } } | undefined)?.post;
  const payload = resolveRef(spec, post?.requestBody?.content?.['application/json']?.schema);
  const pick = (node: unknown, key: string): unknown => (isObject(node) && isObject(node.properties) ? resolveRef(spec, node.properties[key]) : undefined);
  const changes = pick(pick(payload, 'data'), 'changes');
  const names = isObject(changes) && isObject(changes.properties) ? Object.keys(changes.properties) : [];
  if (names.length === 0) throw new Error(`the spec's webhook ${type} declares no data.changes fields`);
  return new Set(names);
}

/** Reads every event's fields and detail path from the spec once; throws when one is missing from it. */
export function familyEventShapes(spec: OpenApiDocument): FamilyEventShapes {
  const details = listOperations(spec)
    .filter((entry) => !isInternal(entry) && entry.method === 'get')
    .map((entry) => ({ path: entry.path, ...publicOperationMeaning(spec, entry) }))
    .filter((op) => op.mode === 'detail' && op.idParam !== null);
  const shapeOf = (family: ApiFamily, resource: ChangedResource): EventShape => {
    const { type, domain, orderType } = EVENTS[family][resource];
    const detail = details.find((op) => op.family === family && op.domain === domain && (orderType === undefined || op.orderType === orderType));
    if (detail === undefined) throw new Error(`no ${family} detail call of ${domain} serves the ${type} event's resource`);
    return { type, pathTemplate: detail.path.replace(`{${detail.idParam}}`, '{id}'), fields: changeFieldsOf(spec, type) };
  };
  const resources = Object.keys(EVENTS.seller) as ChangedResource[];
  return Object.fromEntries(
    API_FAMILIES.map((family) => [family, Object.fromEntries(resources.map((resource) => [resource, shapeOf(family, resource)]))]),
  ) as unknown as FamilyEventShapes;
}

/** The events a change makes: one per concerned account whose family's view has a changed field. */
export function familyEvents(shapes: FamilyEventShapes, change: ResourceChange): ResourceEvent[] {
  const accounts: Array<[ApiFamily, number | null]> = [
    ['seller', change.sellerAccountId],
    ['warehouse', change.warehouseAccountId],
  ];
  return accounts.flatMap(([family, accountId]) => {
    if (accountId === null) return [];
    const shape = shapes[family][change.resource];
    const changes = Object.fromEntries(Object.entries(change.changes).filter(([field, value]) => shape.fields.has(field) && value.previous !== value.current));
    if (Object.keys(changes).length === 0) return [];
    return [
      {
        accountId,
        environment: change.environment,
        type: shape.type,
        resourceId: change.resourceId,
        resourcePath: shape.pathTemplate.replace('{id}', String(change.resourceId)),
        changes,
        time: change.time,
      },
    ];
  });
}
