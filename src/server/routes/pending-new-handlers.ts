/**
 * Temporary: a 501 answer for each operation declared in openapi/ whose handler lives on another branch,
 * so this branch's server starts and its documentation can be checked in a browser. Delete this file (and
 * its spread in handlers.ts) when the real handlers arrive. The webhooks' operationIds are here too:
 * api.d.ts lists them among its operations, though the server routes no webhook.
 */
import type { OperationHandler, OperationId } from '../spec/operation-handler.ts';

const PENDING = [
  'receiveResourceChange',
  'advanceSellerImport',
  'receiveSellerImport',
  'advanceSellerNormalOrder',
  'changeSellerProductStock',
  'advanceSellerQuotation',
  'advanceSellerReturnOrder',
  'advanceWarehouseImport',
  'receiveWarehouseImport',
  'changeWarehouseInventoryStock',
  'advanceWarehouseNormalOrder',
  'advanceWarehouseQuotation',
  'advanceWarehouseReturnOrder',
  'replayFailedWebhookDeliveries',
  'listWebhookAttempts',
  'replayWebhookDelivery',
  'getWebhookDelivery',
  'rotateWebhookEndpointSecret',
  'getWebhookEndpointSecret',
  'sendWebhookTestEvent',
  'updateWebhookEndpoint',
  'deleteWebhookEndpoint',
  'listWebhookEndpoints',
  'createWebhookEndpoint',
  'sellerImportStatusChanged',
  'sellerNormalOrderStatusChanged',
  'sellerProductInventoryChanged',
  'sellerQuotationStatusChanged',
  'sellerReturnOrderStatusChanged',
  'warehouseImportStatusChanged',
  'warehouseInventoryQuantityChanged',
  'warehouseNormalOrderStatusChanged',
  'warehouseQuotationStatusChanged',
  'warehouseReturnOrderStatusChanged',
] as const satisfies readonly OperationId[];

const notImplemented: OperationHandler = {
  handle: async (_request, reply) => reply.code(501).send({ status: 501, message: 'Not implemented on this branch yet.' }),
};

export function pendingNewHandlers(): Record<(typeof PENDING)[number], OperationHandler> {
  return Object.fromEntries(PENDING.map((operationId) => [operationId, notImplemented])) as Record<(typeof PENDING)[number], OperationHandler>;
}
