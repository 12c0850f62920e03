/** index.html as the server sends it: the portal's settings written in before </head> (plugins/static-files.ts). */
import { PAGE_SETTINGS_ID } from '../../../src/shared/portal-data/page-settings.ts';

export const DEFAULT_SETTINGS = { publicDocs: false, loginForm: true, signInWith: null, liveTokens: false };

export function servedIndex(html: string, settings: Record<string, unknown> = DEFAULT_SETTINGS): string {
  return html.replace('</head>', `<script type="application/json" id="${PAGE_SETTINGS_ID}">${JSON.stringify(settings)}</script></head>`);
}
