/**
 * Activity events in words: each type's label and a sentence from its details ("All domains · 90 days ·
 * Any IP address"). Details carry only what their type records; a detail the server adds later that this
 * does not know is left out rather than shown raw.
 */
import type { components } from '../../../../generated/api';
import { domainLabel } from '../../../lib/api-domains';
import { countOf } from '../../../../shared/plural';
import { ENVIRONMENT_LABEL } from '../../../../shared/token-environment';

type ActivityDetails = components['schemas']['ActivityDetails'];
export type ActivityEventType = components['schemas']['ActivityEventType'];

export const EVENT_LABELS: Record<ActivityEventType, string> = {
  signed_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  signed_out: 'Signed out',
  session_ended: 'Session ended',
  token_created: 'Token created',
  token_refreshed: 'Token refreshed',
  grace_ended: 'Grace window ended',
  token_deleted: 'Token deleted',
  token_revoked_leaked: 'Token revoked (found in public)',
  ip_allowlist_changed: 'IP allowlist changed',
  account_closed: 'Account closed in the warehouse system',
  account_reopened: 'Account reopened',
  sandbox_reset: 'Sandbox reset',
  webhook_endpoint_created: 'Webhook endpoint added',
  webhook_endpoint_deleted: 'Webhook endpoint deleted',
  webhook_secret_rotated: 'Webhook secret rotated',
  webhook_endpoint_disabled: 'Webhook endpoint disabled',
};

const PROVIDER_LABELS: Record<NonNullable<ActivityDetails['provider']>, string> = {
  ldap: 'Directory (LDAP)',
  oidc: 'Single sign-on (OpenID Connect)',
  wms: 'Warehouse system',
};

const REASON_TEXTS: Record<NonNullable<ActivityDetails['reason']>, string> = {
  closed: 'Closed or removed there: sessions ended, tokens stopped',
  user_type_removed: 'No longer holds this user type: sessions ended, tokens stopped',
  provider_logout: 'Signed out at the identity provider',
};

const WEBHOOK_DISABLED_TEXTS: Record<NonNullable<ActivityDetails['webhookDisabledReason']>, string> = {
  owner: 'Switched off',
  gone: 'It answered 410 Gone',
  failing: 'Every delivery failed for 5 days',
};

/** "Any IP address" for an empty list, else its entries. */
export function allowlistText(entries: readonly string[]): string {
  return entries.length === 0 ? 'Any IP address' : entries.join(', ');
}

/** 1 -> "1 hour", 24 -> "24 hours", 168 -> "7 days". */
function hoursText(hours: number): string {
  return hours > 24 && hours % 24 === 0 ? countOf(hours / 24, 'day') : countOf(hours, 'hour');
}

/** The details as one readable sentence; '' when the event has none. */
export function detailsText(type: ActivityEventType, details: ActivityDetails): string {
  const parts: string[] = [];
  if (type === 'token_created') {
    if (details.environment !== undefined) parts.push(ENVIRONMENT_LABEL[details.environment]);
    if (details.scopes !== undefined) parts.push(details.scopes === null ? 'All domains' : details.scopes.map(domainLabel).join(', '));
    if (details.lifetimeDays !== undefined) parts.push(countOf(details.lifetimeDays, 'day'));
    if (details.ipAllowlist !== undefined) parts.push(allowlistText(details.ipAllowlist));
  }
  if (details.webhookUrl !== undefined) {
    if (details.environment !== undefined) parts.push(ENVIRONMENT_LABEL[details.environment]);
    parts.push(details.webhookUrl);
  }
  if (details.webhookDisabledReason !== undefined) parts.push(WEBHOOK_DISABLED_TEXTS[details.webhookDisabledReason]);
  if (type === 'token_refreshed' && details.graceHours !== undefined) {
    parts.push(details.graceHours === 0 ? 'No grace window' : `Grace window: ${hoursText(details.graceHours)}`);
  }
  if (details.before !== undefined || details.after !== undefined) {
    parts.push(`${allowlistText(details.before ?? [])} → ${allowlistText(details.after ?? [])}`);
  }
  if (details.foundAt !== undefined) parts.push(`Found in public at ${details.foundAt}${details.source ? ` (${details.source})` : ''}`);
  if (details.sessionsEnded !== undefined) parts.push(`${countOf(details.sessionsEnded, 'session')} signed out`);
  if (details.reason !== undefined) parts.push(REASON_TEXTS[details.reason]);
  if (details.provider !== undefined) parts.push(`${PROVIDER_LABELS[details.provider]}${details.subject === undefined ? '' : ` · ${details.subject}`}`);
  return parts.join(' · ');
}
