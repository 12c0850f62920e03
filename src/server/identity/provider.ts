/**
 * Where accounts live (AUTH_PROVIDER): the portal's own table (`local`), or the provider's warehouse system
 * reached through a directory (`ldap`), an OpenID Provider (`oidc`) or a signed password check (`wms`).
 * An external account signs in to a shadow account of the portal (repositories/accounts-repository.ts),
 * keyed by the provider's stable subject, so sessions, tokens, throttling and the activity log work as
 * they do for local accounts. See docs/identity.md.
 *
 * This folder talks to the provider's systems only: it holds no SQL and no HTTP handlers.
 */
import type { UserType } from '../../shared/api-family.ts';

export const AUTH_PROVIDERS = ['local', 'ldap', 'oidc', 'wms'] as const;
export type AuthProviderKind = (typeof AUTH_PROVIDERS)[number];
export type ExternalProviderKind = Exclude<AuthProviderKind, 'local'>;

/** Who an external account is, as its provider says now. */
export interface ExternalAccount {
  /** Stable for the account's life (LDAP entryUUID or objectGUID, the ID token's `sub`, the WMS's id). */
  subject: string;
  /** Lower-cased. May change in the provider; the portal account follows it. */
  email: string;
  /** The user types the account holds now (an account may hold both, or neither). */
  userTypes: UserType[];
}

/** The answer to an email and password: the account, or a refusal that says nothing more. */
export type PasswordCheck = { accepted: true; account: ExternalAccount } | { accepted: false };

/** An account looked up again by its subject: open with who it is now, or closed (gone, disabled). */
export type AccountState = { open: true; account: ExternalAccount } | { open: false };

/**
 * The provider did not answer as it should (down, timed out, TLS, a bad service bind, a malformed
 * answer): never a wrong password. `step` names what failed for the operator (`npm run check:auth`, the
 * server log); the message never holds a password or a secret.
 */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: ExternalProviderKind,
    readonly step: ProviderStep,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The steps `npm run check:auth` reports, in the order a sign-in takes them. */
export type ProviderStep = 'config' | 'dns' | 'connect' | 'tls' | 'bind' | 'search' | 'group' | 'discovery' | 'claim' | 'signature' | 'answer';

/** What the login form's email and password are checked against (`ldap`, `wms`). */
export interface PasswordProvider {
  readonly kind: 'ldap' | 'wms';
  /** The form's values; the user type is the form's choice (the WMS may use it, a directory ignores it). */
  checkPassword(input: { email: string; password: string; userType: UserType }): Promise<PasswordCheck>;
  /** The account again, by subject: at the periodic recheck and when the provider says it changed. */
  lookUp(subject: string): Promise<AccountState>;
  close(): Promise<void>;
}

/** Human-readable name of each provider, for logs and the activity log's details. */
export const PROVIDER_NAMES: Record<AuthProviderKind, string> = {
  local: 'the portal',
  ldap: 'LDAP directory',
  oidc: 'OpenID Provider',
  wms: 'warehouse system',
};

/** The 503 a sign-in gets when the provider cannot be reached; with Retry-After. The login page says it too. */
export { PROVIDER_UNAVAILABLE_MESSAGE } from '../../shared/portal-data/sign-in-outcome.ts';
export const PROVIDER_RETRY_AFTER_SECONDS = 60;
