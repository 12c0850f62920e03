/**
 * rotateWebhookEndpointSecret: POST /webhooks/endpoints/{endpointId}/secret/rotate; the new secret, and until
 * when the old one still signs beside it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { webhookEndpointsQueryKey } from './list-webhook-endpoints';

export function useRotateWebhookEndpointSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (endpointId: number) =>
      unwrap(await apiClient.POST('/webhooks/endpoints/{endpointId}/secret/rotate', { params: { path: { endpointId } } })),
    // The list carries previousSecretEndDate, which the card shows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}
