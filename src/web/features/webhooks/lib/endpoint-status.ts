/**
 * An endpoint's state in words and tone: enabled and healthy, failing since a time, or disabled and why
 * (switched off by its owner, answered 410 Gone, or failing for days). The banner and the cards agree on it.
 */
import { formatDateTime } from '../../../lib/format-date';
import type { WebhookEndpoint } from '../api/list-webhook-endpoints';

export type StatusTone = 'success' | 'warning' | 'error' | 'default';

export interface EndpointStatus {
  label: string;
  tone: StatusTone;
  /** A sentence for the card; null when the label says enough. */
  detail: string | null;
}

export function endpointStatus(endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason' | 'failingSince'>): EndpointStatus {
  if (!endpoint.enabled) {
    switch (endpoint.disabledReason) {
      case 'gone':
        return { label: 'Disabled: answered 410', tone: 'error', detail: 'It answered 410 Gone, so nothing more is sent. Switch it on again when it is back.' };
      case 'failing':
        return {
          label: 'Disabled: kept failing',
          tone: 'error',
          detail: 'Every attempt failed for 5 days, so sending stopped. Fix the endpoint, switch it on, then replay what failed.',
        };
      default:
        return { label: 'Disabled', tone: 'default', detail: null };
    }
  }
  if (endpoint.failingSince !== null) {
    return { label: 'Failing', tone: 'warning', detail: `Its deliveries have failed since ${formatDateTime(endpoint.failingSince)}; they are retried.` };
  }
  return { label: 'Enabled', tone: 'success', detail: null };
}

/** Endpoints that need the owner: disabled by the portal (410 or failing) or failing now. */
export function needsAttention(endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason' | 'failingSince'>): boolean {
  return endpoint.enabled ? endpoint.failingSince !== null : endpoint.disabledReason === 'gone' || endpoint.disabledReason === 'failing';
}
