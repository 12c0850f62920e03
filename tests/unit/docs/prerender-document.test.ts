/** The build step's document assembly and the system dark scheme it adds (scripts/prerender). */
import { describe, expect, it } from 'vitest';
import { BEFORE_HYDRATION_CSS, composeDocument } from '../../../scripts/prerender/compose-document.ts';
import { darkSchemeDeclarations, systemDarkCss } from '../../../scripts/prerender/system-dark-css.ts';
import { DEFERRED_ASSETS_ID, HTML_CLASS_MARKER, STATE_MARKER } from '../../../src/shared/portal-data/prerendered-pages.ts';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Developer Portal</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/a-2.js">
    <script async src="/assets/preload-routes-3.js"></script>
  </head>
  <body>
    <noscript>This portal needs JavaScript.</noscript>
    <div id="root"></div>
  </body>
</html>`;

describe('composeDocument', () => {
  it('puts the page in #root, its CSS and title in the head, and the markers the server fills', () => {
    const html = composeDocument(
      TEMPLATE,
      { html: '<title>X</title><main>page</main>', styles: '<style data-emotion="css a">.a{}</style>', title: 'Order · <Seller> API' },
      '@media{}',
    );
    expect(html).toContain(`<html lang="en"${HTML_CLASS_MARKER}>`);
    expect(html).toContain('<title>Order · &lt;Seller&gt; API</title>');
    expect(html).toContain(`<style data-emotion="css a">.a{}</style><style data-portal-page>@media{}${BEFORE_HYDRATION_CSS}</style>`);
    expect(html).toContain(`<div id="root"><main>page</main></div>${STATE_MARKER}`);
    expect(html).not.toContain('noscript');
    // The pointer to the Markdown stays first in the body, for assistants that read the HTML.
    expect(html).toMatch(/<body>\s*<p hidden>[^<]*<a href="\/llms.txt">\/llms.txt<\/a>\.<\/p>\s*<div id="root">/);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('loads nothing but the entry with the page: it goes to the end of the body, async, the preloads and async scripts into a list', () => {
    const html = composeDocument(TEMPLATE, { html: '<main>page</main>', styles: '', title: 't' }, '');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload/);
    expect(html).not.toMatch(/<link rel="modulepreload"|<script async/);
    expect(html).toMatch(
      /<main>page<\/main>[\s\S]*<script type="module" async crossorigin src="\/assets\/index-1.js"><\/script>\n<script type="application\/json" id="([^"]+)">([^<]*)<\/script>\n<\/body>/,
    );
    const [, id, json] = /<script type="application\/json" id="([^"]+)">([^<]*)<\/script>/.exec(html) ?? [];
    expect(id).toBe(DEFERRED_ASSETS_ID);
    expect(JSON.parse(json ?? '')).toEqual({ modulepreload: ['/assets/a-2.js'], scripts: ['/assets/preload-routes-3.js'] });
  });

  it('fails the build on a script it would not know how to defer', () => {
    const withClassic = TEMPLATE.replace('</head>', '<script src="/assets/classic.js"></script></head>');
    expect(() => composeDocument(withClassic, { html: '', styles: '', title: '' }, '')).toThrow(/a script of a kind/);
  });

  it('fails the build when index.html changed shape', () => {
    expect(() => composeDocument(TEMPLATE.replace('<div id="root"></div>', '<div id="app"></div>'), { html: '', styles: '', title: '' }, '')).toThrow(
      /<div id="root"><\/div>/,
    );
  });
});

describe('systemDarkCss', () => {
  const css = ':root,.light{--bg:#fff;}.dark{--bg:#000;--fg:#eee;}</style><style>.dark{color-scheme:dark;}.darker{--x:1}.a .dark{--y:2}';

  it('repeats every top-level .dark rule under prefers-color-scheme: dark unless .light is chosen', () => {
    expect(darkSchemeDeclarations(css)).toEqual(['--bg:#000;--fg:#eee;', 'color-scheme:dark;']);
    expect(systemDarkCss(css)).toBe('@media (prefers-color-scheme: dark){:root:not(.light){--bg:#000;--fg:#eee;}:root:not(.light){color-scheme:dark;}}');
  });

  it('fails when the theme has no dark scheme', () => {
    expect(() => systemDarkCss(':root{--bg:#fff}')).toThrow(/no `.dark` rule/);
  });
});
