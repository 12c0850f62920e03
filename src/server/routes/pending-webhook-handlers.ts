// Temporary: answers 501 until the webhook delivery handlers land.
import { HttpError } from '../lib/http-error.ts';
import type { OperationHandler } from '../spec/operation-handler.ts';

const IDS = [
  'listWebhookEndpoints',
  'createWebhookEndpoint',
  'deleteWebhookEndpoint',
  'updateWebhookEndpoint',
  'getWebhookEndpointSecret',
  'rotateWebhookEndpointSecret',
  'sendWebhookTestEvent',
  'listWebhookAttempts',
  'getWebhookDelivery',
  'replayWebhookDelivery',
  'replayFailedWebhookDeliveries',
] as const;

export function pendingWebhookHandlers(): Record<(typeof IDS)[number], OperationHandler> {
  const handler: OperationHandler = { handle: () => Promise.reject(new HttpError(501, 'Not implemented yet.')) };
  return Object.fromEntries(IDS.map((id) => [id, handler])) as Record<(typeof IDS)[number], OperationHandler>;
}
