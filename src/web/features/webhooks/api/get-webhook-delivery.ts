/**
 * getWebhookDelivery: GET /webhooks/deliveries/{deliveryId}, the exact payload that was signed and every attempt.
 * `refetchInterval` is the caller's: an open delivery is watched while its next attempt is due.
 */
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';
import { webhookAttemptsQueryKey } from '../../../lib/webhook-query-keys';

export type WebhookDelivery = components['schemas']['WebhookDelivery'];

export function useWebhookDelivery(deliveryId: number | null, refetchInterval: (delivery: WebhookDelivery | undefined) => number | false) {
  return useQuery({
    // Under the attempts' key, so a replay or a new attempt refreshes an open detail too.
    queryKey: [...webhookAttemptsQueryKey, 'delivery', deliveryId],
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/webhooks/deliveries/{deliveryId}', { params: { path: { deliveryId: deliveryId ?? 0 } }, signal })),
    enabled: deliveryId !== null,
    refetchInterval: (query) => refetchInterval(query.state.data),
  });
}
