import type { ServerContext } from '../../context.ts';
import { getNormalOrder, listNormalOrders } from '../../repositories/fulfillment/normal-orders.ts';
import { getReturnOrder, listReturnOrders } from '../../repositories/fulfillment/return-orders.ts';
import { detailOperation, listOperation } from '../public-data.ts';

export const warehouseOrderHandlers = (ctx: ServerContext) => ({
  listWarehouseNormalOrders: listOperation(ctx, listNormalOrders),
  getWarehouseNormalOrder: detailOperation(ctx, 'orderId', 'Normal order', getNormalOrder),
  listWarehouseReturnOrders: listOperation(ctx, listReturnOrders),
  getWarehouseReturnOrder: detailOperation(ctx, 'returnId', 'Return order', getReturnOrder),
});
