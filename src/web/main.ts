/**
 * Entry point, kept tiny on purpose. A documentation page the server sent already rendered must paint
 * before any of the app runs: evaluating React, MUI and the router (and then hydrating) takes longer than
 * a frame, and even fetching and compiling the app's files beside the page's parsing took CPU its first
 * paint needed. So such a page lists those files instead of loading them, and the entry starts them, and
 * the app, once the content has been painted. Any other screen has nothing to paint yet: its preloads are
 * in the document and the app starts at once.
 *
 * A rendered page loads this entry async (scripts/prerender/compose-document.ts), so it may run before
 * the document is parsed: it waits for that first.
 */
import { afterFirstContentfulPaint } from './lib/after-first-paint';
import { startDeferredAssets } from './lib/deferred-assets';
import { whenParsed } from './lib/when-parsed';

const startApp = () => import('./boot');

whenParsed(() => {
  if (document.getElementById('root')?.firstElementChild) {
    afterFirstContentfulPaint(() => {
      startDeferredAssets();
      void startApp();
    });
  } else {
    void startApp();
  }
});
