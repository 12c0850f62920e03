/** sendWebhookTestEvent: POST /webhooks/endpoints/{endpointId}/test; a sample event, queued at once (202). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { webhookAttemptsQueryKey } from '../../../lib/webhook-query-keys';
import type { WebhookEventType } from './list-webhook-endpoints';

export function useSendWebhookTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ endpointId, eventType }: { endpointId: number; eventType: WebhookEventType }) =>
      unwrap(await apiClient.POST('/webhooks/endpoints/{endpointId}/test', { params: { path: { endpointId } }, body: { eventType } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookAttemptsQueryKey }),
  });
}
