import { describe, expect, it } from 'vitest';
import { withoutScripts } from '../../../bench/html-only';

const page = [
  '<!doctype html><html lang="en"><head><link rel="icon" href="/assets/favicon.svg" /><style>.op{color:red}</style></head>',
  '<body><div id="root"><section class="op" id="listOrders"><a href="/documentation?category=seller">Orders</a></section></div>',
  '<script type="module" async crossorigin src="/assets/index-abc.js"></script>',
  '<script type="application/json" id="portal-deferred-assets">{"scripts":["/assets/x.js"]}</script>',
  '</body></html>',
].join('\n');

describe('withoutScripts', () => {
  it('removes every script element and keeps the content and its CSS', () => {
    const html = withoutScripts(page, 'http://127.0.0.1:8401');
    expect(html).not.toMatch(/<script/);
    expect(html).not.toContain('portal-deferred-assets');
    expect(html).toContain('<section class="op" id="listOrders">');
    expect(html).toContain('<style>.op{color:red}</style>');
  });

  it("points the page's own files at our server, since another origin serves the copy", () => {
    const html = withoutScripts(page, 'http://127.0.0.1:8401');
    expect(html).toContain('href="http://127.0.0.1:8401/assets/favicon.svg"');
    expect(html).toContain('href="http://127.0.0.1:8401/documentation?category=seller"');
  });
});
