/**
 * Who may send account events, and with which secret: the warehouse system with its WMS_AUTH_SECRET
 * (`wms`), the directory's owner with ACCOUNT_EVENTS_SECRET (`ldap`). With `local` and `oidc` (which has
 * back-channel logout instead) there is no sender, and the endpoint answers 404 as if it did not exist.
 */
import type { Config } from '../../config.ts';
import type { ExternalProviderKind } from '../../identity/provider.ts';

export interface EventSource {
  kind: ExternalProviderKind;
  secret: string;
}

export function accountEventSource(config: Config): EventSource | undefined {
  if (config.authProvider === 'wms' && config.wmsAuthSecret !== undefined) return { kind: 'wms', secret: config.wmsAuthSecret };
  if (config.authProvider === 'ldap' && config.accountEventsSecret !== undefined) return { kind: 'ldap', secret: config.accountEventsSecret };
  return undefined;
}
