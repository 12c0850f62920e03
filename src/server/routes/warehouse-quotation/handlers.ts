import type { ServerContext } from '../../context.ts';
import { getQuotation, listQuotations } from '../../repositories/fulfillment/quotations.ts';
import { detailOperation, listOperation } from '../public-data.ts';

export const warehouseQuotationHandlers = (ctx: ServerContext) => ({
  listWarehouseQuotations: listOperation(ctx, listQuotations),
  getWarehouseQuotation: detailOperation(ctx, 'quotationId', 'Quotation', getQuotation),
});
