/**
 * getWebhookEndpointSecret: GET /webhooks/endpoints/{endpointId}/secret. Fetched only when asked for and
 * never cached: the secret stays in the component that shows it.
 */
import type { components } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';

export type WebhookEndpointSecret = components['schemas']['WebhookEndpointSecret'];

export async function getWebhookEndpointSecret(endpointId: number): Promise<WebhookEndpointSecret> {
  return unwrap(await apiClient.GET('/webhooks/endpoints/{endpointId}/secret', { params: { path: { endpointId } }, cache: 'no-store' }));
}
