/** deleteWebhookEndpoint: DELETE /webhooks/endpoints/{endpointId}; its deliveries go with it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { webhookAttemptsQueryKey } from '../../../lib/webhook-query-keys';
import { webhookEndpointsQueryKey } from './list-webhook-endpoints';

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (endpointId: number) => {
      unwrap(await apiClient.DELETE('/webhooks/endpoints/{endpointId}', { params: { path: { endpointId } } }));
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
        queryClient.invalidateQueries({ queryKey: webhookAttemptsQueryKey }),
      ]),
  });
}
