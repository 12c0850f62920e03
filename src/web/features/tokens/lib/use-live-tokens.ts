/**
 * Whether live tokens can be made (PortalSettings.liveTokens: the server reaches the provider's API). From
 * the page when the server wrote its settings there, else asked of the server; false until known, so the
 * create modal never offers a choice the server would refuse.
 */
import { useState } from 'react';
import { settingsInPage } from '../../../lib/page-settings';
import { usePortalSettings } from '../../../lib/portal-settings';

export function useLiveTokens(): boolean {
  const [inPage] = useState(settingsInPage);
  const asked = usePortalSettings({ enabled: inPage === undefined });
  return (inPage ?? asked.data)?.liveTokens === true;
}
