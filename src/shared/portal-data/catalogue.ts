/**
 * The catalogue: navigation and the public operation list, written by scripts/generate/catalogue.ts into
 * src/generated/catalogue.ts and read by the app's sidebar, documentation and API Test screens.
 */
import type { ApiFamily } from '../api-family.ts';
import type { CallMode, Category, OrderType } from '../openapi/portal-extensions.ts';

/** One documentation page: a public tag (its `x-category`/`x-subcategory` give the page's URL). */
export interface CataloguePage {
  subcategory: string;
  /** Sidebar label, e.g. `Warehouse` for the tag `Seller warehouse`. */
  title: string;
  /** The OpenAPI tag whose operations (and description) the page shows. */
  tag: string;
}

/** One sidebar group, from `x-tagGroups`, in spec order. */
export interface CatalogueGroup {
  category: Category;
  title: string;
  pages: CataloguePage[];
}

/** A path or query parameter of a public operation, as the spec declares it: the tester's field for it. */
export interface CatalogueParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  type: 'integer' | 'number' | 'string' | 'boolean';
  description?: string;
  default?: number | string | boolean;
  minimum?: number;
  maximum?: number;
  enum?: readonly (string | number)[];
}

/** One public operation, with what the API tester needs to offer and call it (see openapi/paths/). */
export interface CatalogueOperation {
  operationId: string;
  /** `post` only for the sandbox's simulations (`mode: 'simulation'`). */
  method: 'get' | 'post';
  /** Relative to `publicServer`, e.g. `/seller/orders/normal/{orderId}`. */
  path: string;
  summary: string;
  tag: string;
  /** The reference page's second half (`x-subcategory` of its tag); its first is `family`. */
  subcategory: string;
  /** Which API (and which token type). */
  family: ApiFamily;
  /** The tester's domain choice (`warehouses`, `orders`, `inventory`, ...): `x-domain`. */
  domain: string;
  /** `x-order-type`: `normal` or `return` for orders; null otherwise. */
  orderType: OrderType | null;
  mode: CallMode;
  /** The one path parameter of a call that has exactly one (`orderId`, ...); null otherwise. */
  idParam: string | null;
  /** Path parameters first (in path order), then query parameters, in the spec's order. */
  parameters: CatalogueParameter[];
  /** `x-deprecated-at` (`YYYY-MM-DD`) when the operation is deprecated. */
  deprecatedSince?: string;
  /** `x-row-id`: where a list row holds the id of its detail call (`['import', 'id']`); null for details. */
  rowId: string[] | null;
}

export interface CataloguePaging {
  page: { default: number; minimum: number };
  size: { default: number; minimum: number; maximum: number };
}

export interface Catalogue {
  title: string;
  apiTokenHeader: string;
  tokenVariable: string;
  /** Public server URL template, e.g. `https://{host}/api/v1`. */
  publicServer: string;
  /** Default of the `host` server variable, e.g. `api.acme.example`. */
  defaultHost: string;
  groups: CatalogueGroup[];
  operations: CatalogueOperation[];
  /** Limits of the list calls' `page` and `size` query parameters, as the spec declares them. */
  paging: CataloguePaging;
  /** The documentation page of the tag marked `x-changelog: true`: the deprecation header and the page header link it. */
  changelogPage: { category: Category; subcategory: string };
}
