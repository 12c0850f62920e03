/**
 * The portal's settings (getPortalSettings) written into the app's page by the server, in a
 * `<script type="application/json">` of this id: the login page reads them there, so a logged-out visit
 * makes no request. A page without them (the development server) asks GET /portal/settings.
 */
export const PAGE_SETTINGS_ID = 'portal-settings';
