/**
 * Stand-ins that answer 501 for the sandbox simulations and the provider's resource-change report, whose
 * real handlers are written elsewhere: the server refuses to start while an operation has no handler.
 * This file goes once those handlers are registered.
 */
import { HttpError } from '../lib/http-error.ts';
import type { OperationHandler, OperationId } from '../spec/operation-handler.ts';

const PENDING = [
  'advanceSellerNormalOrder',
  'advanceSellerReturnOrder',
  'advanceSellerImport',
  'receiveSellerImport',
  'advanceSellerQuotation',
  'changeSellerProductStock',
  'advanceWarehouseNormalOrder',
  'advanceWarehouseReturnOrder',
  'advanceWarehouseImport',
  'receiveWarehouseImport',
  'advanceWarehouseQuotation',
  'changeWarehouseInventoryStock',
  'receiveResourceChange',
] as const satisfies readonly OperationId[];

export function pendingSimulationHandlers(): Record<(typeof PENDING)[number], OperationHandler> {
  const notYet: OperationHandler = {
    handle() {
      throw new HttpError(501, 'Not implemented yet.');
    },
  };
  return Object.fromEntries(PENDING.map((operationId) => [operationId, notYet])) as Record<(typeof PENDING)[number], OperationHandler>;
}
