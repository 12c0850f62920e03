import type { ServerContext } from '../../context.ts';
import { getNormalOrder, listNormalOrders } from '../../repositories/fulfillment/normal-orders.ts';
import { getReturnOrder, listReturnOrders } from '../../repositories/fulfillment/return-orders.ts';
import { detailOperation, listOperation } from '../public-data.ts';

export const sellerOrderHandlers = (ctx: ServerContext) => ({
  listSellerNormalOrders: listOperation(ctx, listNormalOrders),
  getSellerNormalOrder: detailOperation(ctx, 'orderId', 'Normal order', getNormalOrder),
  listSellerReturnOrders: listOperation(ctx, listReturnOrders),
  getSellerReturnOrder: detailOperation(ctx, 'returnId', 'Return order', getReturnOrder),
});
