/**
 * listWebhookAttempts: GET /webhooks/deliveries, one page (50) of delivery attempts, newest first, with the
 * log's filters and keyset cursor. `refetchInterval` is the caller's: it polls while a retry is due soon.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';
import { webhookAttemptsQueryKey } from '../../../lib/webhook-query-keys';
import { attemptsQuery, type DeliveryFilters } from '../lib/delivery-filters';

export type WebhookAttempt = components['schemas']['WebhookAttempt'];
export type WebhookAttemptPage = components['schemas']['WebhookAttemptPage'];

export function useWebhookAttempts(
  filters: DeliveryFilters,
  cursor: string | undefined,
  refetchInterval: (page: WebhookAttemptPage | undefined) => number | false,
) {
  return useQuery({
    queryKey: [...webhookAttemptsQueryKey, filters, cursor],
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/webhooks/deliveries', { params: { query: { ...attemptsQuery(filters), ...(cursor === undefined ? {} : { cursor }) } }, signal }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refetchInterval(query.state.data),
  });
}
