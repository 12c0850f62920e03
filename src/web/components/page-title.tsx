/**
 * The tab's title while a screen is shown. Set from a layout effect rather than rendered as `<title>`: the
 * renderer in the browser (Preact, see docs/decisions/018) does not hoist elements into the head, and the
 * build-time render writes each documentation page's title into the head itself. A layout effect, so the
 * title changes with the screen's first paint, not a frame after it.
 */
import { useLayoutEffect } from 'react';

export function PageTitle({ children }: { children: string }) {
  useLayoutEffect(() => {
    document.title = children;
  }, [children]);
  return null;
}
