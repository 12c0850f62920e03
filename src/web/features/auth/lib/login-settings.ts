/**
 * How the login page signs in: whether it shows the form (LOGIN_FORM) and the name on its "Sign in with
 * ..." button, if any. From the page itself when the server wrote them there (a logged-out visit makes no
 * request); otherwise asked of the server, and while that is unanswered, undefined. Settings that cannot be
 * had are the portal's own: the form, no button.
 */
import { useState } from 'react';
import { usePortalSettings } from '../../../lib/portal-settings';
import { settingsInPage } from '../../../lib/page-settings';

export interface LoginSettings {
  loginForm: boolean;
  signInWith: string | null;
}

const FORM_ONLY: LoginSettings = { loginForm: true, signInWith: null };

export function useLoginSettings(): LoginSettings | undefined {
  const [inPage] = useState(settingsInPage);
  const asked = usePortalSettings({ enabled: inPage === undefined });
  if (inPage !== undefined) return inPage;
  if (asked.isPending) return undefined;
  return asked.data ?? FORM_ONLY;
}
