/**
 * The pages `npm run build` renders for a logged-out reader, as the server answers them with
 * PUBLIC_DOCS=true: every page of the catalogue comes whole in the first response (each operation, its
 * parameters and its cURL sample) with "Log in" where a signed-in reader has the account controls, and
 * nothing that belongs to a signed-in reader. Reads dist/web, which `npm test` builds first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/generated/catalogue.ts';
import { documentationHref } from '../../src/shared/portal-data/links.ts';
import type { ReferencePage } from '../../src/shared/portal-data/reference-page.ts';
import { LOGGED_OUT, prerenderedPagePath } from '../../src/shared/portal-data/prerendered-pages.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const WEB_DIR = 'dist/web';
/** What only a signed-in reader's page holds: the account controls, the user, the expiry reminder, the tester in place. */
const SIGNED_IN_ONLY = ['Logout', 'Signed in user', 'Token expiry reminder', 'Open in API Test', 'portal-prerender.invalid', '/settings"'];

let server: TestServer;

beforeAll(async () => {
  if (!existsSync(`${WEB_DIR}/${prerenderedPagePath(LOGGED_OUT, 'seller-order')}`))
    throw new Error('run `npm run build` first: dist/web has no logged-out pages');
  server = await startTestServer({ env: { WEB_DIR, PUBLIC_DOCS: 'true' } });
});
afterAll(async () => server?.close());

const pages = catalogue.groups.flatMap((group) => group.pages.map((page) => ({ category: group.category, subcategory: page.subcategory })));

describe('a logged-out GET of a documentation page with PUBLIC_DOCS=true', () => {
  it.each(pages)('$category/$subcategory holds its operations and no signed-in markup', async (address) => {
    const data = JSON.parse(readFileSync(`src/generated/reference/${address.category}-${address.subcategory}.json`, 'utf8')) as ReferencePage;
    const response = await server.client().get(documentationHref(address), { unchecked: true });
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain('"user":null');
    expect(html).toMatch(/<a [^>]*href="\/login[^"]*"[^>]*>[\s\S]{0,400}?Log in<\/a>/);
    for (const operation of data.operations) {
      expect(html).toContain(`id="${operation.operationId}"`);
      for (const parameter of operation.parameters) expect(html).toContain(`<code class="field-name">${parameter.name}</code>`);
      if (operation.tryIt) expect(html).toContain('Log in to try it');
    }
    if (data.operations.some((operation) => operation.method === 'GET')) expect(html).toContain(`curl --request GET`);
    for (const text of SIGNED_IN_ONLY) expect(html, text).not.toContain(text);
  });
});
