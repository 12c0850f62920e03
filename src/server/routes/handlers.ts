/** Every operation's handler, keyed by operationId; the type requires one for each operation in the spec. */
import type { ServerContext } from '../context.ts';
import type { HandlerMap } from './operation-handler.ts';
import { sessionHandlers } from './portal-session/handlers.ts';
import { tokenHandlers } from './portal-tokens/handlers.ts';
import { sellerImportHandlers } from './seller-import/handlers.ts';
import { sellerOrderHandlers } from './seller-order/handlers.ts';
import { sellerProductHandlers } from './seller-product/handlers.ts';
import { sellerQuotationHandlers } from './seller-quotation/handlers.ts';
import { sellerWarehouseHandlers } from './seller-warehouse/handlers.ts';
import { warehouseImportHandlers } from './warehouse-import/handlers.ts';
import { warehouseInventoryHandlers } from './warehouse-inventory/handlers.ts';
import { warehouseOrderHandlers } from './warehouse-order/handlers.ts';
import { warehouseQuotationHandlers } from './warehouse-quotation/handlers.ts';

export function createHandlers(ctx: ServerContext): HandlerMap {
  return {
    ...sessionHandlers(ctx),
    ...tokenHandlers(ctx),
    ...sellerWarehouseHandlers(ctx),
    ...sellerQuotationHandlers(ctx),
    ...sellerImportHandlers(ctx),
    ...sellerProductHandlers(ctx),
    ...sellerOrderHandlers(ctx),
    ...warehouseQuotationHandlers(ctx),
    ...warehouseImportHandlers(ctx),
    ...warehouseInventoryHandlers(ctx),
    ...warehouseOrderHandlers(ctx),
  };
}
