/**
 * Every operation's handler, keyed by operationId: one table. The return type requires a handler for each
 * operation in the spec, so a missing one fails the typecheck. Public operations list or read one entity the
 * token's account owns (public-data.ts); the portal's session and token operations hold their own logic.
 */
import type { ServerContext } from '../context.ts';
import { getSellerImport, getWarehouseImport, listSellerImports, listWarehouseImports } from '../repositories/fulfillment/imports.ts';
import { getNormalOrder, listNormalOrders } from '../repositories/fulfillment/normal-orders.ts';
import { getProduct, listProducts } from '../repositories/fulfillment/products.ts';
import { getQuotation, listQuotations } from '../repositories/fulfillment/quotations.ts';
import { getReturnOrder, listReturnOrders } from '../repositories/fulfillment/return-orders.ts';
import { getSellerWarehouse, listSellerWarehouses } from '../repositories/fulfillment/warehouses.ts';
import type { HandlerMap } from './operation-handler.ts';
import { activityHandlers } from './portal-activity/handlers.ts';
import { sessionHandlers } from './portal-session/handlers.ts';
import { sessionListHandlers } from './portal-session/sessions-handlers.ts';
import { tokenHandlers } from './portal-tokens/handlers.ts';
import { leakNoticeHandlers } from './portal-tokens/leak-notice-handlers.ts';
import { secretScanningHandlers } from './secret-scanning/handlers.ts';
import { usageHandlers } from './portal-usage/handlers.ts';
import { detailOperation, listOperation } from './public-data.ts';

export function createHandlers(ctx: ServerContext): HandlerMap {
  return {
    ...sessionHandlers(ctx),
    ...sessionListHandlers(ctx),
    ...activityHandlers(ctx),
    ...tokenHandlers(ctx),
    ...usageHandlers(ctx),
    ...leakNoticeHandlers(ctx),
    ...secretScanningHandlers(ctx),

    listSellerWarehouses: listOperation(ctx, listSellerWarehouses),
    getSellerWarehouse: detailOperation(ctx, 'Warehouse', getSellerWarehouse),
    listSellerQuotations: listOperation(ctx, listQuotations),
    getSellerQuotation: detailOperation(ctx, 'Quotation', getQuotation),
    listSellerImports: listOperation(ctx, listSellerImports),
    getSellerImport: detailOperation(ctx, 'Import', getSellerImport),
    listSellerProducts: listOperation(ctx, listProducts),
    getSellerProduct: detailOperation(ctx, 'Product', getProduct),
    listSellerNormalOrders: listOperation(ctx, listNormalOrders),
    getSellerNormalOrder: detailOperation(ctx, 'Normal order', getNormalOrder),
    listSellerReturnOrders: listOperation(ctx, listReturnOrders),
    getSellerReturnOrder: detailOperation(ctx, 'Return order', getReturnOrder),

    listWarehouseQuotations: listOperation(ctx, listQuotations),
    getWarehouseQuotation: detailOperation(ctx, 'Quotation', getQuotation),
    listWarehouseImports: listOperation(ctx, listWarehouseImports),
    getWarehouseImport: detailOperation(ctx, 'Import', getWarehouseImport),
    listWarehouseInventory: listOperation(ctx, listProducts),
    getWarehouseInventoryItem: detailOperation(ctx, 'Product', getProduct),
    listWarehouseNormalOrders: listOperation(ctx, listNormalOrders),
    getWarehouseNormalOrder: detailOperation(ctx, 'Normal order', getNormalOrder),
    listWarehouseReturnOrders: listOperation(ctx, listReturnOrders),
    getWarehouseReturnOrder: detailOperation(ctx, 'Return order', getReturnOrder),
  };
}
