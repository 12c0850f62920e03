/**
 * The tab's title while a screen is shown. Set from an effect rather than rendered as `<title>`: the
 * renderer in the browser (Preact, see docs/decisions/018) does not hoist elements into the head, and the
 * build-time render writes each documentation page's title into the head itself.
 */
import { useEffect } from 'react';

export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = children;
  }, [children]);
  return null;
}
