import type { ServerContext } from '../../context.ts';
import { getProduct, listProducts } from '../../repositories/fulfillment/products.ts';
import { detailOperation, listOperation } from '../public-data.ts';

export const warehouseInventoryHandlers = (ctx: ServerContext) => ({
  listWarehouseInventory: listOperation(ctx, listProducts),
  getWarehouseInventoryItem: detailOperation(ctx, 'productId', 'Product', getProduct),
});
