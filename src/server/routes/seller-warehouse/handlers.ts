import type { ServerContext } from '../../context.ts';
import { getSellerWarehouse, listSellerWarehouses } from '../../repositories/fulfillment/warehouses.ts';
import { detailOperation, listOperation } from '../public-data.ts';

export const sellerWarehouseHandlers = (ctx: ServerContext) => ({
  listSellerWarehouses: listOperation(ctx, listSellerWarehouses),
  getSellerWarehouse: detailOperation(ctx, 'warehouseId', 'Warehouse', getSellerWarehouse),
});
