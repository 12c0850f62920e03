/**
 * The warehouse system's accounts for the login flood (bench/login-flood.ts): each entry starts a real
 * provider on a private port and says how the portal reaches it and which account signs in.
 */
import { startSlapd, USERS } from '../../tests/integration/support/slapd.ts';
import { newSecret, startReferenceWms, WMS_PASSWORD } from '../../tests/integration/support/reference-wms.ts';
import type { Account } from './api-session.ts';

export interface IdentityProviderRun {
  /** e.g. "LDAP (slapd)" */
  name: string;
  /** The portal's environment for this provider. */
  env: Record<string, string>;
  /** A seller of the provider, with its right password. */
  account: Account;
  stop(): Promise<void>;
}

async function ldap(): Promise<IdentityProviderRun> {
  const slapd = await startSlapd({ memberOf: true });
  return {
    name: 'LDAP (slapd)',
    env: slapd.env(),
    account: { email: USERS.seller.mail, password: USERS.seller.password, userType: 'SELLER' },
    stop: () => slapd.dispose(),
  };
}

async function wms(): Promise<IdentityProviderRun> {
  const secret = newSecret();
  const reference = await startReferenceWms(secret);
  return {
    name: 'WMS (reference)',
    env: { AUTH_PROVIDER: 'wms', WMS_AUTH_URL: reference.passwordCheckUrl, WMS_AUTH_SECRET: secret },
    account: { email: 'seller@wms.example.com', password: WMS_PASSWORD, userType: 'SELLER' },
    stop: () => reference.close(),
  };
}

export const identityProviders: Array<() => Promise<IdentityProviderRun>> = [ldap, wms];
