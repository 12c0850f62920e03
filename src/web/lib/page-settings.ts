/**
 * The portal's settings as the server wrote them into the page (shared/portal-data/page-settings.ts):
 * read without a request. Undefined on a page without them (the development server, a documentation
 * page rendered at build time), whose readers ask GET /portal/settings instead.
 */
import type { components } from '../../generated/api';
import { PAGE_SETTINGS_ID } from '../../shared/portal-data/page-settings';

export type PortalSettings = components['schemas']['PortalSettings'];

export function settingsInPage(): PortalSettings | undefined {
  const text = document.getElementById(PAGE_SETTINGS_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<PortalSettings>;
    if (typeof value.publicDocs !== 'boolean' || typeof value.loginForm !== 'boolean') return undefined;
    return {
      publicDocs: value.publicDocs,
      loginForm: value.loginForm,
      signInWith: typeof value.signInWith === 'string' ? value.signInWith : null,
      liveTokens: value.liveTokens === true,
    };
  } catch {
    return undefined;
  }
}
