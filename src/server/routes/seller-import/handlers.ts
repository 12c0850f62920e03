import type { ServerContext } from '../../context.ts';
import { getSellerImport, listSellerImports } from '../../repositories/fulfillment/imports.ts';
import { detailOperation, listOperation } from '../public-data.ts';

export const sellerImportHandlers = (ctx: ServerContext) => ({
  listSellerImports: listOperation(ctx, listSellerImports),
  getSellerImport: detailOperation(ctx, 'importId', 'Import', getSellerImport),
});
