/**
 * What the app needs of the configuration (getPortalSettings): whether the reference is public, whether
 * the login page shows its form, the name on its "Sign in with ..." button, and whether live tokens exist. The server also writes
 * them into the app's page (plugins/static-files.ts), so the login page asks for nothing.
 */
import type { Schemas } from './schemas.ts';

interface SettingsSource {
  publicDocs: boolean;
  loginForm: boolean;
  authProvider: string;
  oidcDisplayName: string;
  upstreamApiUrl: string | undefined;
}

export function portalSettingsOf(config: SettingsSource): Schemas['PortalSettings'] {
  return {
    publicDocs: config.publicDocs,
    loginForm: config.loginForm,
    signInWith: config.authProvider === 'oidc' ? config.oidcDisplayName : null,
    liveTokens: config.upstreamApiUrl !== undefined,
  };
}
