/**
 * replayWebhookDelivery (POST /webhooks/deliveries/{deliveryId}/replay) and replayFailedWebhookDeliveries
 * (POST /webhooks/deliveries/replay, every failed delivery to an endpoint since a time, answered with the count).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';
import { webhookAttemptsQueryKey } from '../../../lib/webhook-query-keys';

export type ReplayFailedBody = components['schemas']['ReplayFailedRequest'];

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: number) => unwrap(await apiClient.POST('/webhooks/deliveries/{deliveryId}/replay', { params: { path: { deliveryId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookAttemptsQueryKey }),
  });
}

export function useReplayFailedWebhookDeliveries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReplayFailedBody) => unwrap(await apiClient.POST('/webhooks/deliveries/replay', { body })).replayed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookAttemptsQueryKey }),
  });
}
