/**
 * Every address the portal builds: documentation pages (`/documentation?category&subcategory#anchor`),
 * the anchors of operations and fields, and the API Test screen for an operation
 * (`/api-test?operation=listSellerNormalOrders&page=2`). The build step writes them into page data and the
 * search index; the app builds the same ones at run time.
 */
import { familyOfUserType, type UserType } from '../api-family.ts';
import type { CatalogueGroup, CataloguePage } from './catalogue.ts';

export interface PageAddress {
  category: string;
  subcategory: string;
}

/** A documentation page's key: `seller-warehouse`, the name of its data file and of its rendered HTML. */
export function pageKeyOf(page: PageAddress): string {
  return `${page.category}-${page.subcategory}`;
}

/** `seller-warehouse` -> seller, warehouse (a category has no dash; a subcategory may). */
export function pageOfKey(key: string): PageAddress {
  const dash = key.indexOf('-');
  return { category: key.slice(0, dash), subcategory: key.slice(dash + 1) };
}

export function documentationHref(page: PageAddress, anchor?: string): string {
  const query = new URLSearchParams({ category: page.category, subcategory: page.subcategory });
  return `/documentation?${query.toString()}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
}

/** The DOM id of a field row: operation, response status (or `errors`) and the field's path in the body. */
export function fieldAnchor(operationId: string, status: string, path: readonly string[] = []): string {
  return [operationId, status, ...path].join('.');
}

/** The API Test screen's own query parameters; a token only by its id, never by its value. */
export interface TesterCall {
  operation: string;
  /** The detail call's id (digits). */
  id?: string;
  page?: number;
  size?: number;
  /** One of the user's own tokens, by its id: the tester picks it from the user's token list. */
  token?: number;
}

export function testerHref(call: TesterCall): string {
  return `/api-test?${testerParams(call).toString()}`;
}

export function testerParams(call: TesterCall): URLSearchParams {
  const params = new URLSearchParams({ operation: call.operation });
  if (call.id) params.set('id', call.id);
  if (call.page !== undefined) params.set('page', String(call.page));
  if (call.size !== undefined) params.set('size', String(call.size));
  if (call.token !== undefined) params.set('token', String(call.token));
  return params;
}

/** What the sidebar and the documentation screen read of a catalogue group. */
export type NavGroup = Pick<CatalogueGroup, 'category' | 'title'> & { pages: readonly Pick<CataloguePage, 'subcategory' | 'title'>[] };

export interface PageRef extends PageAddress {
  title: string;
  groupTitle: string;
}

/** The documentation's defaults for a seller (and before the user is known): the Seller API's Warehouse page. */
export const DEFAULT_CATEGORY = 'seller';
export const DEFAULT_SUBCATEGORY = 'warehouse';

/** The documentation category a user lands on: their own API (`seller` before the user is known). */
export function defaultCategoryFor(userType: UserType | undefined): string {
  return userType === undefined ? DEFAULT_CATEGORY : familyOfUserType(userType);
}

export type Resolution = { found: true; page: PageRef } | { found: false; category: string; subcategory: string | null };

/**
 * Which documentation page a URL asks for: category defaults to the user's own API (`seller` for a seller
 * or an unknown user, `warehouse` for a warehouse user), subcategory to `warehouse`; a category without a
 * subcategory opens its `warehouse` page if it has one, else its first page (so `?category=authentication`
 * works alone, and a warehouse user's `/` opens the Warehouse API's first page). Anything unknown is "no
 * such page". The sidebar, the documentation screen and the server's prerender all call this, so they
 * never disagree.
 */
export function resolvePage(groups: readonly NavGroup[], params: URLSearchParams, userType?: UserType): Resolution {
  const category = params.get('category') || defaultCategoryFor(userType);
  const asked = params.get('subcategory');
  // A category may span several groups (the Changelog is a group of its own in the `authentication` category).
  const entries = groups.filter((group) => group.category === category).flatMap((group) => group.pages.map((page) => ({ group, page })));
  const entry = asked
    ? entries.find(({ page }) => page.subcategory === asked)
    : (entries.find(({ page }) => page.subcategory === DEFAULT_SUBCATEGORY) ?? entries[0]);
  if (!entry) return { found: false, category, subcategory: asked };
  const { group, page } = entry;
  return { found: true, page: { category, subcategory: page.subcategory, title: page.title, groupTitle: group.title } };
}
