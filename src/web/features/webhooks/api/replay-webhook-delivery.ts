/** replayWebhookDelivery: POST /webhooks/deliveries/{deliveryId}/replay; sent again at once, same webhook-id and body. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { webhookAttemptsQueryKey } from '../../../lib/webhook-query-keys';

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: number) => unwrap(await apiClient.POST('/webhooks/deliveries/{deliveryId}/replay', { params: { path: { deliveryId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookAttemptsQueryKey }),
  });
}
