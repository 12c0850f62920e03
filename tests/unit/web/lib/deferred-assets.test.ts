// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
/** A rendered page's deferred assets: each listed module preload and async script is added to the head, scripts first. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFERRED_ASSETS_ID } from '../../../../src/shared/portal-data/prerendered-pages';
import { startDeferredAssets } from '../../../../src/web/lib/deferred-assets';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

function listAssets(json: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = DEFERRED_ASSETS_ID;
  block.textContent = json;
  document.body.appendChild(block);
}

describe('startDeferredAssets', () => {
  it('adds every listed async script, then every module preload, to the head', () => {
    listAssets(JSON.stringify({ modulepreload: ['/assets/boot-1.js', '/assets/styled-2.js'], scripts: ['/assets/preload-routes-3.js'] }));
    startDeferredAssets();
    const added = [...document.head.children].map((element) =>
      element instanceof HTMLLinkElement
        ? `${element.rel} ${element.getAttribute('href')} ${element.getAttribute('crossorigin')}`
        : `script ${element.getAttribute('src')} ${(element as HTMLScriptElement).async}`,
    );
    expect(added).toEqual(['script /assets/preload-routes-3.js true', 'modulepreload /assets/boot-1.js ', 'modulepreload /assets/styled-2.js ']);
  });

  it('adds nothing on a page without the list', () => {
    startDeferredAssets();
    expect(document.head.children).toHaveLength(0);
  });
});
