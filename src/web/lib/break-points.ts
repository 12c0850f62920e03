/**
 * Where a long name may wrap on a narrow screen, so it never breaks inside a word: an operationId
 * between its camelCase words, a path after each `/` (and before its query's `?` and `&`), a search
 * result's title at both.
 */

/** `listSellerNormalOrders` → `list`, `Seller`, `Normal`, `Orders`. */
export function camelCaseParts(name: string): string[] {
  return name.split(/(?<=[a-z0-9])(?=[A-Z])/);
}

/** `/api/v1/seller/orders?page=0&size=5` → `/`, `api/`, `v1/`, `seller/`, `orders`, `?page=0`, `&size=5`. */
export function pathParts(path: string): string[] {
  return path.split(/(?<=\/)|(?=[?&])/).filter((part) => part !== '');
}

/** A path, an operationId, a schema or a field name: after each `/` and `.`, and between camelCase words. */
export function nameParts(name: string): string[] {
  return pathParts(name)
    .flatMap((part) => part.split(/(?<=\.)/))
    .flatMap(camelCaseParts)
    .filter((part) => part !== '');
}
