/**
 * The configured provider (AUTH_PROVIDER), built once at start: what the login form's password is checked
 * against, and how an account is looked up again for the recheck. `local` has neither: the portal's own
 * table answers.
 */
import type { Config } from '../config.ts';
import type { AccountState, AuthProviderKind, ExternalProviderKind, PasswordProvider } from './provider.ts';

export interface Identity {
  readonly kind: AuthProviderKind;
  /** `ldap`, `wms`: the login form's email and password go here. */
  readonly passwords?: PasswordProvider;
  /** `ldap`, `oidc`, `wms`: an account by subject, for the periodic recheck and the provider's signed calls. */
  readonly lookup?: { readonly kind: ExternalProviderKind; lookUp(subject: string): Promise<AccountState> };
  /** `oidc`: reads the provider's metadata and says what an operator registers (`npm run check:auth`). */
  probe?(): Promise<string[]>;
  close(): Promise<void>;
}

export function createIdentity(config: Config): Identity {
  switch (config.authProvider) {
    case 'local':
      return { kind: 'local', close: async () => undefined };
    default:
      throw new Error(`AUTH_PROVIDER=${config.authProvider} is not available in this build`);
  }
}
