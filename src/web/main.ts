/**
 * Entry point, kept tiny on purpose. A documentation page the server sent already rendered must paint
 * before any of the app runs: evaluating React, MUI and the router (and then hydrating) takes longer than
 * a frame, and even fetching and compiling the app's files beside the page's parsing took CPU its first
 * paint needed. So such a page lists those files instead of loading them, and the entry starts them, and
 * the app, once the content has been painted. Any other screen has nothing to paint yet: its preloads are
 * in the document and the app starts at once.
 *
 * A rendered page loads this entry async (scripts/prerender/compose-document.ts), so it may run before
 * the document is parsed: it waits for that first. From then on it keeps what the reader does until the
 * app is live (lib/early-input.ts).
 */
import { afterFirstContentfulPaint } from './lib/after-first-paint';
import { startDeferredAssets } from './lib/deferred-assets';
import { catchEarlyInput } from './lib/early-input';
import { whenParsed } from './lib/when-parsed';

const startApp = () => import('./boot');

whenParsed(() => {
  const prerendered = Boolean(document.getElementById('root')?.firstElementChild);
  // Until the app runs, what the reader does on the rendered page is kept for it (lib/early-input.ts).
  catchEarlyInput(prerendered);
  if (prerendered) {
    afterFirstContentfulPaint(() => {
      startDeferredAssets();
      void startApp();
    });
  } else {
    void startApp();
  }
});
