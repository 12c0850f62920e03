/**
 * The sandbox data source: each public operation read from the portal's own fulfillment tables, scoped to
 * the token's account (repositories/fulfillment/). One entry per public operation: the typecheck fails
 * until a new one is here, and the router refuses to start without it.
 */
import { getSellerImport, getWarehouseImport, listSellerImports, listWarehouseImports } from '../repositories/fulfillment/imports.ts';
import { getNormalOrder, listNormalOrders } from '../repositories/fulfillment/normal-orders.ts';
import { getProduct, listProducts } from '../repositories/fulfillment/products.ts';
import { getQuotation, listQuotations } from '../repositories/fulfillment/quotations.ts';
import { getReturnOrder, listReturnOrders } from '../repositories/fulfillment/return-orders.ts';
import { getSellerWarehouse, listSellerWarehouses } from '../repositories/fulfillment/warehouses.ts';
import type { Queryable } from '../db/database.ts';
import type { Owner } from '../repositories/fulfillment/owner.ts';
import type { JsonPage, PageRequest } from '../repositories/fulfillment/paging.ts';
import type { PublicDataSource, PublicRead } from './data-source.ts';

type ListQuery = (db: Queryable, owner: Owner, page: PageRequest) => Promise<JsonPage>;
type DetailLoad = Extract<PublicRead, { kind: 'detail' }>['load'];

/** A list: the repository's page as the spec's envelope (its rows are already JSON text, built by PostgreSQL). */
const list = (query: ListQuery): PublicRead => ({
  kind: 'list',
  async load(db, owner, page) {
    const result = await query(db, owner, page);
    return `{"page":${result.page},"size":${result.size},"lastPage":${result.lastPage},"data":${result.data}}`;
  },
});
const detail = (entity: string, load: DetailLoad): PublicRead => ({ kind: 'detail', entity, load });

const SANDBOX_READS = {
  listSellerWarehouses: list(listSellerWarehouses),
  getSellerWarehouse: detail('Warehouse', getSellerWarehouse),
  listSellerQuotations: list(listQuotations),
  getSellerQuotation: detail('Quotation', getQuotation),
  listSellerImports: list(listSellerImports),
  getSellerImport: detail('Import', getSellerImport),
  listSellerProducts: list(listProducts),
  getSellerProduct: detail('Product', getProduct),
  listSellerNormalOrders: list(listNormalOrders),
  getSellerNormalOrder: detail('Normal order', getNormalOrder),
  listSellerReturnOrders: list(listReturnOrders),
  getSellerReturnOrder: detail('Return order', getReturnOrder),

  listWarehouseQuotations: list(listQuotations),
  getWarehouseQuotation: detail('Quotation', getQuotation),
  listWarehouseImports: list(listWarehouseImports),
  getWarehouseImport: detail('Import', getWarehouseImport),
  listWarehouseInventory: list(listProducts),
  getWarehouseInventoryItem: detail('Product', getProduct),
  listWarehouseNormalOrders: list(listNormalOrders),
  getWarehouseNormalOrder: detail('Normal order', getNormalOrder),
  listWarehouseReturnOrders: list(listReturnOrders),
  getWarehouseReturnOrder: detail('Return order', getReturnOrder),
};

/** The public API's operationIds: every one the sandbox answers. */
export type PublicOperationId = keyof typeof SANDBOX_READS;

export const sandboxSource: PublicDataSource<PublicOperationId> = { reads: SANDBOX_READS };
