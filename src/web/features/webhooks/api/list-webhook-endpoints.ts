/**
 * listWebhookEndpoints: GET /webhooks/endpoints, the account's endpoints without their secrets. Read by the
 * Webhooks screen and by the shell's banner about disabled or failing endpoints, which share its cache.
 */
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';

export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookEventType = components['schemas']['WebhookEventType'];

export const webhookEndpointsQueryKey = ['webhook-endpoints'] as const;

export function useWebhookEndpoints(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...options,
    queryKey: webhookEndpointsQueryKey,
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/webhooks/endpoints', { signal })).data,
  });
}
