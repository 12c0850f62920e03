import type { ServerContext } from '../../context.ts';
import { getWarehouseImport, listWarehouseImports } from '../../repositories/fulfillment/imports.ts';
import { detailOperation, listOperation } from '../public-data.ts';

export const warehouseImportHandlers = (ctx: ServerContext) => ({
  listWarehouseImports: listOperation(ctx, listWarehouseImports),
  getWarehouseImport: detailOperation(ctx, 'importId', 'Import', getWarehouseImport),
});
