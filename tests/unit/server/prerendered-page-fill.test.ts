/** fillPrerenderedPage: the stand-ins replaced, everything written in escaped for where it lands. */
import { describe, expect, it } from 'vitest';
import { EMAIL_STAND_IN, HTML_CLASS_MARKER, ORIGIN_STAND_IN, REMINDER_STAND_IN, STATE_MARKER } from '../../../src/shared/portal-data/prerendered-pages.ts';
import { fillPrerenderedPage } from '../../../src/server/lib/prerendered-page-fill.ts';

const BANNER = `<aside class="MuiBox-root" aria-label="Token expiry reminder"><div role="status">${REMINDER_STAND_IN}<!-- --> <a href="/settings">Review in Settings</a></div></aside>`;
const TEMPLATE = `<html lang="en"${HTML_CLASS_MARKER}><body><div id="root">${BANNER}<a title="${EMAIL_STAND_IN}">${EMAIL_STAND_IN}</a><code>${ORIGIN_STAND_IN}/api/v1</code><code>${ORIGIN_STAND_IN}/x</code></div>${STATE_MARKER}</body></html>`;

describe('fillPrerenderedPage', () => {
  it('writes in the user, every occurrence of the origin, the state and the scheme', () => {
    const html = fillPrerenderedPage(TEMPLATE, {
      user: { email: 'seller@example.com', userType: 'SELLER' },
      origin: 'https://portal.example',
      page: 'seller-order',
      colorMode: 'dark',
      reminder: null,
    });
    expect(html).toBe(
      '<html lang="en" class="dark"><body><div id="root"><a title="seller@example.com">seller@example.com</a><code>https://portal.example/api/v1</code><code>https://portal.example/x</code></div>' +
        '<script type="application/json" id="portal-prerender-state">{"user":{"email":"seller@example.com","userType":"SELLER"},"origin":"https://portal.example","page":"seller-order","reminder":null}</script></body></html>',
    );
  });

  it('writes a logged-out reader’s page: the origin, the settings and a state with no user', () => {
    const template = `<html lang="en"${HTML_CLASS_MARKER}><body><div id="root"><a href="/login">Log in</a><code>${ORIGIN_STAND_IN}/api/v1</code></div>${STATE_MARKER}</body></html>`;
    const settings = { publicDocs: true, loginForm: false, signInWith: 'Acme </script> SSO', liveTokens: false };
    const html = fillPrerenderedPage(template, {
      user: null,
      origin: 'https://portal.example',
      page: 'seller-order',
      colorMode: null,
      reminder: null,
      settings,
    });
    expect(html).toBe(
      '<html lang="en"><body><div id="root"><a href="/login">Log in</a><code>https://portal.example/api/v1</code></div>' +
        '<script type="application/json" id="portal-settings">{"publicDocs":true,"loginForm":false,"signInWith":"Acme \\u003c/script\\u003e SSO","liveTokens":false}</script>' +
        '<script type="application/json" id="portal-prerender-state">{"user":null,"origin":"https://portal.example","page":"seller-order","reminder":null}</script></body></html>',
    );
  });

  it('escapes markup in the email for text and attributes, and keeps the state inside its element', () => {
    const email = `"><img src=x onerror=alert(1)></script><!--@example.com`;
    const html = fillPrerenderedPage(TEMPLATE, {
      user: { email, userType: 'SELLER' },
      origin: 'http://127.0.0.1:8080',
      page: 'p',
      colorMode: null,
      reminder: null,
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<!--');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('<html lang="en"><body>');
    const state = /id="portal-prerender-state">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect((JSON.parse(state) as { user: { email: string } }).user.email).toBe(email);
  });

  it('treats $ patterns in the values as plain text', () => {
    const html = fillPrerenderedPage(TEMPLATE, {
      user: { email: "$'$&@example.com", userType: 'SELLER' },
      origin: 'http://a',
      page: '$&',
      colorMode: 'light',
      reminder: null,
    });
    expect(html).toContain('$&#39;$&amp;@example.com');
    expect(html).toContain('"page":"$\\u0026"');
  });

  it('writes the reminder into its banner, escaped, or takes the banner out when there is none', () => {
    const fill = { user: { email: 'a@example.com', userType: 'SELLER' as const }, origin: 'http://a', page: 'p', colorMode: null };
    const reminder = `Your API token “<b>$& ${EMAIL_STAND_IN}</b>” has expired.`;
    const html = fillPrerenderedPage(TEMPLATE, { ...fill, reminder });
    expect(html).toContain('<div role="status">Your API token “&lt;b&gt;$&amp; ' + EMAIL_STAND_IN + '&lt;/b&gt;” has expired.<!-- --> <a href="/settings">');
    expect(html).not.toContain(REMINDER_STAND_IN);
    expect(html).toContain('"reminder":"Your API token “\\u003cb\\u003e$\\u0026 ');

    const without = fillPrerenderedPage(TEMPLATE, { ...fill, reminder: null });
    expect(without).not.toContain('Token expiry reminder');
    expect(without).toContain('<div id="root"><a title="a@example.com">');
  });
});
