/** fillPrerenderedPage: the stand-ins replaced, everything written in escaped for where it lands. */
import { describe, expect, it } from 'vitest';
import { EMAIL_STAND_IN, HTML_CLASS_MARKER, ORIGIN_STAND_IN, STATE_MARKER } from '../../../src/shared/portal-data/prerendered-pages.ts';
import { fillPrerenderedPage } from '../../../src/server/lib/prerendered-page-fill.ts';

const TEMPLATE = `<html lang="en"${HTML_CLASS_MARKER}><body><div id="root"><a title="${EMAIL_STAND_IN}">${EMAIL_STAND_IN}</a><code>${ORIGIN_STAND_IN}/api/v1</code><code>${ORIGIN_STAND_IN}/x</code></div>${STATE_MARKER}</body></html>`;

describe('fillPrerenderedPage', () => {
  it('writes in the user, every occurrence of the origin, the state and the scheme', () => {
    const html = fillPrerenderedPage(TEMPLATE, { user: { email: 'seller@example.com', userType: 'SELLER' }, origin: 'https://portal.example', page: 'seller-order', colorMode: 'dark' });
    expect(html).toBe(
      '<html lang="en" class="dark"><body><div id="root"><a title="seller@example.com">seller@example.com</a><code>https://portal.example/api/v1</code><code>https://portal.example/x</code></div>' +
        '<script type="application/json" id="portal-prerender-state">{"user":{"email":"seller@example.com","userType":"SELLER"},"origin":"https://portal.example","page":"seller-order"}</script></body></html>',
    );
  });

  it('escapes markup in the email for text and attributes, and keeps the state inside its element', () => {
    const email = `"><img src=x onerror=alert(1)></script><!--@example.com`;
    const html = fillPrerenderedPage(TEMPLATE, { user: { email, userType: 'SELLER' }, origin: 'http://127.0.0.1:8080', page: 'p', colorMode: null });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<!--');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('<html lang="en"><body>');
    const state = /id="portal-prerender-state">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect((JSON.parse(state) as { user: { email: string } }).user.email).toBe(email);
  });

  it('treats $ patterns in the values as plain text', () => {
    const html = fillPrerenderedPage(TEMPLATE, { user: { email: "$'$&@example.com", userType: 'SELLER' }, origin: 'http://a', page: '$&', colorMode: 'light' });
    expect(html).toContain('$&#39;$&amp;@example.com');
    expect(html).toContain('"page":"$\\u0026"');
  });
});
