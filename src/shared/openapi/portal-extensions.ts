/**
 * What a public operation means to the portal, read from explicit data in openapi/, never from the
 * shape of its path:
 * - family (which API, which token type): `x-category` of the operation's first tag (`seller`, `warehouse`);
 * - `x-domain`: the token scope it belongs to (`orders`, `inventory`, ...); the API Test screen groups its
 *   menu by it. Several operations may share one;
 * - `x-mode`: `list` (a paged list), `detail` (one item, addressed by its path parameters) or `simulation`
 *   (a sandbox-only POST that moves one item of the sandbox's data and sends its webhook events);
 * - `x-order-type`: `normal` or `return`, for the two kinds of order in one domain;
 * - the id a detail call takes: its path parameter, when it has exactly one;
 * - `x-row-id` (list calls): where a row holds the id its detail call takes, as a dotted path (`import.id`);
 *   `id` when absent.
 * See openapi/openapi.yaml (tags) and any file in openapi/paths/.
 */
import { API_FAMILIES, type ApiFamily } from '../api-family.ts';
import { firstTagOf, operationIdOf, parametersOf, type OpenApiDocument, type OperationEntry, type TagObject } from './openapi-document.ts';

export const CALL_MODES = ['list', 'detail', 'simulation'] as const;
export type CallMode = (typeof CALL_MODES)[number];

export const ORDER_TYPES = ['normal', 'return'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Documentation categories: the guide (Getting started), authentication, and one per API family. */
export const CATEGORIES = ['guide', 'authentication', ...API_FAMILIES] as const;
export type Category = (typeof CATEGORIES)[number];

export interface PublicOperationMeaning {
  family: ApiFamily;
  domain: string;
  mode: CallMode;
  orderType: OrderType | null;
  /** The one path parameter of a call that has exactly one (`orderId`, ...), its id; null otherwise. */
  idParam: string | null;
  /** A list call's row id, as a path inside a row (`['id']`, `['import', 'id']`); null for detail calls. */
  rowId: string[] | null;
}

export function oneOf<T extends string>(allowed: readonly T[], value: unknown, what: string): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`${what} is ${JSON.stringify(value)}, expected one of ${allowed.join(', ')}`);
}

export function tagsByName(doc: OpenApiDocument): Map<string, TagObject> {
  return new Map((doc.tags ?? []).map((tag) => [tag.name, tag]));
}

/** The API family of a public operation: the `x-category` of its first tag. */
export function familyOf(doc: OpenApiDocument, entry: OperationEntry, tags = tagsByName(doc)): ApiFamily {
  const tagName = firstTagOf(entry);
  const tag = tagName === undefined ? undefined : tags.get(tagName);
  if (!tag) throw new Error(`${operationIdOf(entry)}: its first tag must be a tag declared in openapi.yaml`);
  return oneOf(API_FAMILIES, tag['x-category'], `${operationIdOf(entry)}: x-category of tag "${tag.name}"`);
}

export function publicOperationMeaning(doc: OpenApiDocument, entry: OperationEntry, tags = tagsByName(doc)): PublicOperationMeaning {
  const id = operationIdOf(entry);
  const op = entry.operation;
  const domain = op['x-domain'];
  if (typeof domain !== 'string' || !/^[a-z][a-z0-9-]*$/.test(domain)) {
    throw new Error(`${id}: x-domain must be a lower-case word, got ${JSON.stringify(domain)}`);
  }
  const mode = oneOf(CALL_MODES, op['x-mode'], `${id}: x-mode`);
  const orderType = op['x-order-type'] === undefined ? null : oneOf(ORDER_TYPES, op['x-order-type'], `${id}: x-order-type`);
  const pathParameters = parametersOf(doc, entry).filter((parameter) => parameter.in === 'path');
  if (mode === 'detail' && pathParameters.length === 0) throw new Error(`${id}: a detail call takes its item's id as a path parameter`);
  const idParam = pathParameters.length === 1 ? String(pathParameters[0]?.name) : null;
  const rowIdText = op['x-row-id'] ?? 'id';
  if (typeof rowIdText !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(rowIdText)) {
    throw new Error(`${id}: x-row-id must be a dotted field path such as import.id, got ${JSON.stringify(rowIdText)}`);
  }
  if (mode === 'detail' && op['x-row-id'] !== undefined) throw new Error(`${id}: x-row-id belongs on list calls`);
  const rowId = mode === 'list' ? rowIdText.split('.') : null;
  return { family: familyOf(doc, entry, tags), domain, mode, orderType, idParam, rowId };
}
