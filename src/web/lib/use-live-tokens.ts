/**
 * Whether live tokens (and live webhook endpoints) can be made (PortalSettings.liveTokens: the server reaches the provider's API). From
 * the page when the server wrote its settings there, else asked of the server; false until known, so the
 * create modal never offers a choice the server would refuse.
 */
import { useState } from 'react';
import { settingsInPage } from './page-settings';
import { usePortalSettings } from './portal-settings';

export function useLiveTokens(): boolean {
  const [inPage] = useState(settingsInPage);
  const asked = usePortalSettings({ enabled: inPage === undefined });
  return (inPage ?? asked.data)?.liveTokens === true;
}
