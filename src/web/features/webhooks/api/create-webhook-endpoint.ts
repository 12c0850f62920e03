/** createWebhookEndpoint: POST /webhooks/endpoints; answers the endpoint and its secret, shown once at hand. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';
import { webhookEndpointsQueryKey } from './list-webhook-endpoints';

export type CreateWebhookEndpointBody = components['schemas']['CreateWebhookEndpointRequest'];

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWebhookEndpointBody) => unwrap(await apiClient.POST('/webhooks/endpoints', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}
