import type { ServerContext } from '../../context.ts';
import { getQuotation, listQuotations } from '../../repositories/fulfillment/quotations.ts';
import { detailOperation, listOperation } from '../public-data.ts';

export const sellerQuotationHandlers = (ctx: ServerContext) => ({
  listSellerQuotations: listOperation(ctx, listQuotations),
  getSellerQuotation: detailOperation(ctx, 'quotationId', 'Quotation', getQuotation),
});
