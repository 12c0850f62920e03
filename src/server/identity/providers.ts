/**
 * The configured provider (AUTH_PROVIDER), built once at start: what the login form's password is checked
 * against, and how an account is looked up again for the recheck. `local` has neither: the portal's own
 * table answers.
 */
import type { Config } from '../config.ts';
import type { AccountState, AuthProviderKind, ExternalProviderKind, PasswordProvider } from './provider.ts';
import { createLdapProvider, type LdapSettings } from './ldap-provider.ts';
import { createWmsProvider, type ProviderLog } from './wms-provider.ts';
import { createOidcRelyingParty, type OidcRelyingParty, type RefreshTokenStore } from './oidc-relying-party.ts';

export interface Identity {
  readonly kind: AuthProviderKind;
  /** `ldap`, `wms`: the login form's email and password go here. */
  readonly passwords?: PasswordProvider;
  /** `ldap`, `oidc`, `wms`: an account by subject, for the periodic recheck and the provider's signed calls. */
  readonly lookup?: { readonly kind: ExternalProviderKind; lookUp(subject: string): Promise<AccountState> };
  /** `oidc`: "Sign in with ..." (routes/portal-oidc/), RP-initiated and back-channel logout. */
  readonly oidc?: OidcRelyingParty;
  close(): Promise<void>;
}

/** What a provider needs of the rest of the server: a log, and for `oidc` a store of refresh tokens for its recheck. */
export interface IdentityDependencies {
  log: ProviderLog;
  refreshTokens?: RefreshTokenStore;
}

/** Built from the configuration, whose identityProblems() already required each provider's settings. */
export function createIdentity(config: Config, dependencies: IdentityDependencies): Identity {
  switch (config.authProvider) {
    case 'local':
      return { kind: 'local', close: async () => undefined };
    case 'ldap': {
      const ldap = createLdapProvider(ldapSettings(config));
      return { kind: 'ldap', passwords: ldap, lookup: { kind: 'ldap', lookUp: (subject) => ldap.lookUp(subject) }, close: () => ldap.close() };
    }
    case 'wms': {
      if (config.wmsAuthUrl === undefined || config.wmsAuthSecret === undefined) throw new Error('AUTH_PROVIDER=wms needs WMS_AUTH_URL and WMS_AUTH_SECRET');
      const wms = createWmsProvider({
        url: config.wmsAuthUrl,
        secret: config.wmsAuthSecret,
        timeoutSeconds: config.providerTimeoutSeconds,
        log: dependencies.log,
      });
      return { kind: 'wms', passwords: wms, lookup: wms, close: () => wms.close() };
    }
    case 'oidc': {
      const { oidcIssuer, oidcClientId, oidcClientSecret, publicOrigin } = config;
      // parseConfig refuses oidc without these; this narrows their types.
      if (oidcIssuer === undefined || oidcClientId === undefined || oidcClientSecret === undefined || publicOrigin === undefined)
        throw new Error('AUTH_PROVIDER=oidc needs OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and PUBLIC_ORIGIN');
      if (dependencies.refreshTokens === undefined) throw new Error('AUTH_PROVIDER=oidc needs a refresh token store');
      const oidc = createOidcRelyingParty(
        {
          issuer: oidcIssuer,
          clientId: oidcClientId,
          clientSecret: oidcClientSecret,
          clientAuth: config.oidcClientAuth,
          timeoutSeconds: config.providerTimeoutSeconds,
          userTypeClaim: config.oidcUserTypeClaim,
          redirectUri: `${publicOrigin}/api/auth/oidc/callback`,
          postLogoutRedirectUri: `${publicOrigin}/login`,
        },
        dependencies.refreshTokens,
      );
      // No password provider: the login form, when LOGIN_FORM shows it, checks the portal's own accounts.
      return { kind: 'oidc', lookup: oidc, oidc, close: () => oidc.close() };
    }
    default:
      throw new Error(`AUTH_PROVIDER=${config.authProvider} is not available in this build`);
  }
}

/** The LDAP_* settings; parseConfig has already checked that the required ones are set. */
function ldapSettings(config: Config): LdapSettings {
  const required = (name: string, value: string | undefined): string => {
    if (value === undefined) throw new Error(`${name} is required with AUTH_PROVIDER=ldap`);
    return value;
  };
  return {
    url: required('LDAP_URL', config.ldapUrl),
    caFile: config.ldapCaFile,
    bindDn: config.ldapBindDn,
    bindPassword: config.ldapBindPassword,
    userBase: required('LDAP_USER_BASE', config.ldapUserBase),
    userFilter: config.ldapUserFilter,
    subjectAttribute: config.ldapSubjectAttribute,
    sellerGroup: required('LDAP_SELLER_GROUP', config.ldapSellerGroup),
    warehouseGroup: required('LDAP_WAREHOUSE_GROUP', config.ldapWarehouseGroup),
    timeoutSeconds: config.providerTimeoutSeconds,
  };
}
