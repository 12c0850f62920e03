import type { ServerContext } from '../../context.ts';
import { getProduct, listProducts } from '../../repositories/fulfillment/products.ts';
import { detailOperation, listOperation } from '../public-data.ts';

export const sellerProductHandlers = (ctx: ServerContext) => ({
  listSellerProducts: listOperation(ctx, listProducts),
  getSellerProduct: detailOperation(ctx, 'productId', 'Product', getProduct),
});
