/**
 * Starts what a page rendered at build time lists in its deferred-assets block (scripts/prerender/
 * compose-document.ts): the app's module preloads and its async scripts, kept from the document so that
 * they do not compete with its first paint.
 */
import { DEFERRED_ASSETS_ID, type DeferredAssets } from '../../shared/portal-data/prerendered-pages';

export function startDeferredAssets(): void {
  const listed = document.getElementById(DEFERRED_ASSETS_ID)?.textContent;
  if (!listed) return;
  const assets = JSON.parse(listed) as DeferredAssets;
  // The async scripts first: they ask for more (the route chunks), so they should not queue behind the preloads.
  for (const src of assets.scripts) {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    document.head.appendChild(script);
  }
  for (const href of assets.modulepreload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}
