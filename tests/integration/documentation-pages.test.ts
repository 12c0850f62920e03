/**
 * `/` and `/documentation`: logged out, a redirect to /login before any HTML; signed in, the page rendered
 * at build time for the user's type, with the user's email (escaped), this request's origin, the token
 * expiry reminder, the state the app hydrates from and the chosen colour scheme written in; a URL naming
 * no rendered page gets the app. Every HTML answer names the page's Markdown (`Link`, `Vary: Accept`). With
 * PUBLIC_DOCS=true a logged-out reader gets the page's logged-out variant (origin, colour scheme and the
 * portal's settings written in, no user), or the app where none was rendered, never a redirect.
 * (logged-out-pages.test.ts reads the pages the build renders.)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_STAND_IN,
  HTML_CLASS_MARKER,
  LOGGED_OUT,
  ORIGIN_STAND_IN,
  REMINDER_DISMISSED_COOKIE,
  REMINDER_STAND_IN,
  STATE_MARKER,
  prerenderedPagePath,
} from '../../src/shared/portal-data/prerendered-pages.ts';
import { createTestDatabase } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { servedIndex } from './support/served-index.ts';

let server: TestServer;
let publicServer: TestServer;
const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const page = (userType: string, key: string) =>
  `<!doctype html><html lang="en"${HTML_CLASS_MARKER}><head></head><body><div id="root"><span title="${EMAIL_STAND_IN}">${EMAIL_STAND_IN}</span>` +
  `<aside class="b" aria-label="Token expiry reminder"><div role="status">${REMINDER_STAND_IN}<!-- --> <a href="/settings">Review in Settings</a></div></aside>` +
  `<p>${userType} ${key}</p><code>curl ${ORIGIN_STAND_IN}/api/v1/x</code></div>${STATE_MARKER}</body></html>`;

const loggedOutPage = (key: string) =>
  `<!doctype html><html lang="en"${HTML_CLASS_MARKER}><head></head><body><div id="root"><a href="/login">Log in</a>` +
  `<p>${LOGGED_OUT} ${key}</p><code>curl ${ORIGIN_STAND_IN}/api/v1/x</code></div>${STATE_MARKER}</body></html>`;

beforeAll(async () => {
  const database = await createTestDatabase();
  const web = join(database.dataDir, 'web');
  for (const userType of ['SELLER', 'WAREHOUSE']) {
    for (const key of ['seller-warehouse', 'seller-order', 'authentication-overview']) {
      const file = join(web, prerenderedPagePath(userType, key));
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, page(userType, key));
    }
  }
  // No logged-out variant of the Authentication page: that reader gets the app there.
  for (const key of ['seller-warehouse', 'seller-order']) {
    const file = join(web, prerenderedPagePath(LOGGED_OUT, key));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, loggedOutPage(key));
  }
  writeFileSync(join(web, 'index.html'), INDEX);
  [server, publicServer] = await Promise.all([
    startTestServer({ database, env: { WEB_DIR: web } }),
    startTestServer({ env: { WEB_DIR: web, PUBLIC_DOCS: 'true' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), publicServer?.close()]);
  await server?.database.drop();
});

describe('logged out', () => {
  it('redirects / and /documentation to /login, remembering the page, with no HTML', async () => {
    const client = server.client();
    for (const [path, location] of [
      ['/', '/login'],
      ['/documentation', '/login?redirectTo=%2Fdocumentation'],
      ['/documentation?category=seller&subcategory=order', '/login?redirectTo=%2Fdocumentation%3Fcategory%3Dseller%26subcategory%3Dorder'],
    ] as const) {
      const response = await client.get(path, { unchecked: true });
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location')).toBe(location);
      expect(response.text).toBe('');
    }
  });

  it('never serves the rendered pages as files', async () => {
    const response = await server.client().get(`/${prerenderedPagePath('SELLER', 'seller-order')}`, { unchecked: true });
    expect(response.text).not.toContain('seller-order');
  });
});

describe('signed in', () => {
  it('answers with the page of the URL for the user’s type, the user, origin and state filled in', async () => {
    const client = server.client();
    await client.login('warehouse@example.com', 'WAREHOUSE');
    const response = await client.get('/documentation?subcategory=order&category=seller', { unchecked: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.text).toContain('<p>WAREHOUSE seller-order</p>');
    expect(response.text).toContain('<span title="warehouse@example.com">warehouse@example.com</span>');
    expect(response.text).toContain(`curl ${server.baseUrl}/api/v1/x`);
    expect(response.text).not.toContain('portal-prerender.invalid');
    expect(response.text).toContain('<html lang="en">');
    const state = /<script type="application\/json" id="portal-prerender-state">(.*?)<\/script>/.exec(response.text)?.[1] ?? '';
    expect(JSON.parse(state)).toEqual({
      user: { email: 'warehouse@example.com', userType: 'WAREHOUSE' },
      origin: server.baseUrl,
      page: 'seller-order',
      reminder: null,
    });
    expect(response.text).not.toContain('Token expiry reminder');
  });

  it('writes in the reminder for tokens that expire within 7 days or have expired, unless dismissed today', async () => {
    const client = server.client();
    await client.login('warehouse2@example.com', 'WAREHOUSE');
    await client.createToken('Far off');
    await client.createToken('Soon');
    await client.createToken('Gone <b>');
    await server.db.query(`UPDATE api_tokens SET expires_at = now() + interval '2 days 1 hour' WHERE title = 'Soon'`);
    await server.db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 hour' WHERE title = 'Gone <b>'`);
    const sentence = '2 of your API tokens need attention: “Gone &lt;b&gt;” has expired, “Soon” expires in 2 days.';
    const path = '/documentation?category=seller&subcategory=order';
    const response = await client.get(path, { unchecked: true });
    expect(response.text).toContain(`<div role="status">${sentence}<!-- --> <a href="/settings">`);
    const state = /id="portal-prerender-state">(.*?)<\/script>/.exec(response.text)?.[1] ?? '';
    expect((JSON.parse(state) as { reminder: string }).reminder).toBe('2 of your API tokens need attention: “Gone <b>” has expired, “Soon” expires in 2 days.');

    const dismissed = await client.get(path, { unchecked: true, headers: { cookie: `${client.cookie}; ${REMINDER_DISMISSED_COOKIE}=2026-11-23` } });
    expect(dismissed.text).toContain('<p>WAREHOUSE seller-order</p>');
    expect(dismissed.text).not.toContain('Token expiry reminder');
    expect(dismissed.text).toContain('"reminder":null');
  });

  it('answers / with the default page the shared resolvePage picks', async () => {
    const client = server.client();
    await client.login();
    for (const path of ['/', '/documentation', '/documentation?category=authentication']) {
      const response = await client.get(path, { unchecked: true });
      expect(response.status, path).toBe(200);
      expect(response.text).toContain(path.includes('authentication') ? '<p>SELLER authentication-overview</p>' : '<p>SELLER seller-warehouse</p>');
    }
  });

  it('paints in the colour scheme the cookie names', async () => {
    const client = server.client();
    await client.login();
    const withMode = (mode: string) => client.get('/', { unchecked: true, headers: { cookie: `${client.cookie}; portal-color-mode=${mode}` } });
    expect((await withMode('dark')).text).toContain('<html lang="en" class="dark">');
    expect((await withMode('light')).text).toContain('<html lang="en" class="light">');
    expect((await withMode('system')).text).toContain('<html lang="en">');
    expect((await withMode('%22%3E%3Cscript%3E')).text).toContain('<html lang="en">');
  });

  it('escapes the email it writes in (markup characters a valid address may hold)', async () => {
    await server.db.query(`UPDATE users SET email = $1 WHERE email = 'seller2@example.com'`, [`o'neil&co@example.com`]);
    const client = server.client();
    await client.login(`o'neil&co@example.com`);
    const response = await client.get('/', { unchecked: true });
    expect(response.status).toBe(200);
    expect(response.text).toContain('<span title="o&#39;neil&amp;co@example.com">o&#39;neil&amp;co@example.com</span>');
    expect(response.text).toContain('"email":"o\'neil\\u0026co@example.com"');
  });

  it('gives the plain app for a page nothing was rendered for', async () => {
    const client = server.client();
    await client.login();
    expect((await client.get('/documentation?category=buyer', { unchecked: true })).text).toBe(servedIndex(INDEX));
    expect((await client.get('/documentation?category=seller&subcategory=import', { unchecked: true })).text).toBe(servedIndex(INDEX));
  });

  it("writes the portal's origin into the page whatever Host the request names", async () => {
    const client = server.client();
    await client.login();
    // fetch will not send a Host of its own choosing: a raw request does.
    const url = new URL(server.baseUrl);
    const body = await new Promise<string>((resolve, reject) => {
      httpGet({ host: url.hostname, port: url.port, path: '/', headers: { host: 'evil"host', cookie: client.cookie ?? '' } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      }).on('error', reject);
    });
    expect(body).toContain(`curl ${server.baseUrl}/api/v1/x`);
    expect(body).not.toContain('evil');
  });
});

describe('the page’s Markdown named in the HTML answer', () => {
  it('sends Link: <…md>; rel="alternate"; type="text/markdown" and Vary: Accept with the page', async () => {
    const client = server.client();
    await client.login();
    const response = await client.get('/documentation?category=seller&subcategory=order', { unchecked: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).toBe('</documentation/seller/order.md>; rel="alternate"; type="text/markdown"');
    expect(response.headers.get('vary')).toMatch(/\baccept\b/i);
  });
});

describe('PUBLIC_DOCS=true', () => {
  const PUBLIC_SETTINGS = { publicDocs: true, loginForm: true, signInWith: null, liveTokens: false };

  it('answers a logged-out reader with the logged-out page, its origin, settings and state written in', async () => {
    const client = publicServer.client();
    for (const [path, key] of [
      ['/', 'seller-warehouse'],
      ['/documentation', 'seller-warehouse'],
      ['/documentation?category=seller&subcategory=order', 'seller-order'],
    ] as const) {
      const response = await client.get(path, { unchecked: true });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), path).toBe('private, no-cache');
      expect(response.headers.get('vary'), path).toMatch(/\baccept\b/i);
      expect(response.text, path).toContain(`<p>${LOGGED_OUT} ${key}</p>`);
      expect(response.text, path).toContain(`curl ${publicServer.baseUrl}/api/v1/x`);
      expect(response.text, path).not.toContain('portal-prerender.invalid');
      const settings = /<script type="application\/json" id="portal-settings">(.*?)<\/script>/.exec(response.text)?.[1] ?? '';
      expect(JSON.parse(settings), path).toEqual(PUBLIC_SETTINGS);
      const state = /<script type="application\/json" id="portal-prerender-state">(.*?)<\/script>/.exec(response.text)?.[1] ?? '';
      expect(JSON.parse(state), path).toEqual({ user: null, origin: publicServer.baseUrl, page: key, reminder: null });
    }
    const dark = await client.get('/', { unchecked: true, headers: { cookie: 'portal-color-mode=dark' } });
    expect(dark.text).toContain('<html lang="en" class="dark">');
    const page = await client.get('/documentation?category=warehouse&subcategory=inventory', { unchecked: true });
    expect(page.headers.get('link')).toBe('</documentation/warehouse/inventory.md>; rel="alternate"; type="text/markdown"');
  });

  it('answers a logged-out reader with the app for a page with no logged-out variant', async () => {
    const response = await publicServer.client().get('/documentation?category=authentication', { unchecked: true });
    expect(response.status).toBe(200);
    expect(response.text).toBe(servedIndex(INDEX, PUBLIC_SETTINGS));
  });

  it('still gives a signed-in user the page rendered for them', async () => {
    const client = publicServer.client();
    await client.login();
    const response = await client.get('/documentation?category=seller&subcategory=order', { unchecked: true });
    expect(response.text).toContain('<p>SELLER seller-order</p>');
  });

  it('keeps the screens’ data behind login (the app sends a reader without a session to /login)', async () => {
    const client = publicServer.client();
    for (const path of ['/api/auth/me', '/api/auth/token', '/api/usage/requests']) expect((await client.get(path, { unchecked: true })).status, path).toBe(401);
    // /settings, /api-test, /usage are the plain app, no page and no user in it.
    for (const path of ['/settings', '/api-test', '/usage'])
      expect((await client.get(path, { unchecked: true })).text, path).toBe(servedIndex(INDEX, PUBLIC_SETTINGS));
  });

  it('without it, the same visit is redirected to /login', async () => {
    const response = await server.client().get('/documentation?category=warehouse&subcategory=inventory', { unchecked: true });
    expect(response.status).toBe(302);
  });
});
