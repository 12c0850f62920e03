/** updateWebhookEndpoint: PATCH /webhooks/endpoints/{endpointId}; URL, event types, description, or on/off. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';
import { webhookEndpointsQueryKey } from './list-webhook-endpoints';

export type UpdateWebhookEndpointBody = components['schemas']['UpdateWebhookEndpointRequest'];

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ endpointId, body }: { endpointId: number; body: UpdateWebhookEndpointBody }) =>
      unwrap(await apiClient.PATCH('/webhooks/endpoints/{endpointId}', { params: { path: { endpointId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}
