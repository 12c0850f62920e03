/**
 * getWebhookEndpointSecret (GET .../secret) and rotateWebhookEndpointSecret (POST .../secret/rotate). The
 * secret is fetched only when asked for and never cached: it stays in the component that shows it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';
import { webhookEndpointsQueryKey } from './webhook-endpoints';

export type WebhookEndpointSecret = components['schemas']['WebhookEndpointSecret'];

export async function getWebhookEndpointSecret(endpointId: number): Promise<WebhookEndpointSecret> {
  return unwrap(await apiClient.GET('/webhooks/endpoints/{endpointId}/secret', { params: { path: { endpointId } }, cache: 'no-store' }));
}

export function useRotateWebhookEndpointSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (endpointId: number) =>
      unwrap(await apiClient.POST('/webhooks/endpoints/{endpointId}/secret/rotate', { params: { path: { endpointId } } })),
    // The list carries previousSecretEndDate, which the card shows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}
