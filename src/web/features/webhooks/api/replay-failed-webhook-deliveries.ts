/**
 * replayFailedWebhookDeliveries: POST /webhooks/deliveries/replay; every delivery to an endpoint whose last
 * attempt failed since a time, sent again; answers how many.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';
import { webhookAttemptsQueryKey } from '../../../lib/webhook-query-keys';

export type ReplayFailedBody = components['schemas']['ReplayFailedRequest'];

export function useReplayFailedWebhookDeliveries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReplayFailedBody) => unwrap(await apiClient.POST('/webhooks/deliveries/replay', { body })).replayed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookAttemptsQueryKey }),
  });
}
