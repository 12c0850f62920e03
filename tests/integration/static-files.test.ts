/**
 * The built app and the export: SPA fallback for client routes, long cache for hashed assets, no-cache for
 * index.html, compressed bytes, /downloads/.
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogue } from '../../src/generated/catalogue.ts';
import { createTestDatabase } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { DEFAULT_SETTINGS, servedIndex } from './support/served-index.ts';

const PUBLIC_SETTINGS = { ...DEFAULT_SETTINGS, publicDocs: true };

let server: TestServer;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const vendor = `export const names = [${Array.from({ length: 300 }, (_, i) => `"name ${i}"`).join(', ')}];\n`;
/** Copies as a build could have written them: quality 1, so they differ from what the server would make. */
const vendorCopies = {
  br: brotliCompressSync(vendor, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
  gzip: gzipSync(vendor, { level: 1 }),
};
/** The base URL the export writes (the spec's example host); the portal answers with its own. */
const EXPORTED_BASE_URL = catalogue.publicServer.replace('{host}', catalogue.defaultHost);
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  const database = await createTestDatabase();
  const web = join(database.dataDir, 'web');
  const exported = join(database.dataDir, 'export');
  mkdirSync(join(web, 'assets'), { recursive: true });
  mkdirSync(exported, { recursive: true });
  writeFileSync(join(web, 'index.html'), INDEX);
  writeFileSync(join(web, 'assets', 'app-Ab12Cd34.js'), script);
  writeFileSync(join(web, 'assets', 'vendor-Ef56Gh78.js'), vendor);
  writeFileSync(join(web, 'assets', 'vendor-Ef56Gh78.js.br'), vendorCopies.br);
  writeFileSync(join(web, 'assets', 'vendor-Ef56Gh78.js.gz'), vendorCopies.gzip);
  // Copies older than their file (the file was rebuilt after them) are not sent.
  writeFileSync(join(web, 'assets', 'app-Ab12Cd34.js.br'), 'stale');
  writeFileSync(join(web, 'assets', 'app-Ab12Cd34.js.gz'), 'stale');
  const before = new Date(Date.now() - 60_000);
  for (const copy of ['app-Ab12Cd34.js.br', 'app-Ab12Cd34.js.gz']) utimesSync(join(web, 'assets', copy), before, before);
  writeFileSync(join(exported, 'openapi.json'), JSON.stringify({ openapi: '3.1.0', info: { title: 'x'.repeat(2000) } }));
  mkdirSync(join(exported, 'seller'), { recursive: true });
  for (const file of ['openapi.yaml', 'postman-collection.json', 'insomnia.json', 'requests.http', 'api.d.ts', 'reference.html'])
    writeFileSync(join(exported, 'seller', file), 'x');
  mkdirSync(join(exported, 'provider'), { recursive: true });
  for (const file of ['provider-integration.yaml', 'provider-integration.json']) writeFileSync(join(exported, 'provider', file), 'x');
  writeFileSync(join(exported, 'requests.http'), `@baseUrl = ${EXPORTED_BASE_URL}\n\nGET {{baseUrl}}/seller/products\n`);
  writeFileSync(join(exported, 'postman-environment.json'), JSON.stringify({ values: [{ key: 'baseUrl', value: EXPORTED_BASE_URL }] }));
  writeFileSync(join(exported, 'openapi.yaml'), `description: calls ${EXPORTED_BASE_URL}/seller/products\n`);
  writeFileSync(join(exported, 'stray.txt'), 'not part of the export');
  // Public downloads: who may read them is tests/integration/downloads-access.test.ts's concern.
  server = await startTestServer({ database, env: { WEB_DIR: web, EXPORT_DIR: exported, PUBLIC_DOCS: 'true' } });
});
afterAll(async () => {
  await server?.close();
  await server?.database.drop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.baseUrl + path, { headers });

/** Raw bytes as sent (fetch would decompress them). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(server.baseUrl + path, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

it('serves index.html for client routes with the settings the login page reads written in, revalidated every time, under the CSP', async () => {
  // `/` and `/documentation` are answered by plugins/documentation-pages.ts (documentation-pages.test.ts).
  for (const path of ['/login', '/api-test?family=seller', '/settings', '/documentation/explorer']) {
    const response = await get(path, { accept: 'text/html' });
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await response.text()).toBe(servedIndex(INDEX, PUBLIC_SETTINGS));
  }
});

it('serves hashed assets for a year, compressed with brotli or gzip, with an ETag', async () => {
  const br = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br, gzip' });
  expect(br.status).toBe(200);
  expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
  expect(br.headers.get('content-encoding')).toBe('br');
  const raw = await rawGet('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br' });
  expect(raw.headers['content-encoding']).toBe('br');
  expect(raw.body.length).toBeLessThan(script.length / 3);
  expect(brotliDecompressSync(raw.body).toString()).toBe(script);

  const gzip = await rawGet('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.body).toString()).toBe(script);

  const plain = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'identity' });
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(await plain.text()).toBe(script);

  const etag = br.headers.get('etag') ?? '';
  expect((await get('/assets/app-Ab12Cd34.js', { 'if-none-match': etag })).status).toBe(304);
});

it("sends the build's compressed copies as they are, and never as files of their own", async () => {
  const br = await rawGet('/assets/vendor-Ef56Gh78.js', { 'accept-encoding': 'br' });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.body.equals(vendorCopies.br)).toBe(true);
  const gzip = await rawGet('/assets/vendor-Ef56Gh78.js', { 'accept-encoding': 'gzip' });
  expect(gzip.body.equals(vendorCopies.gzip)).toBe(true);
  expect(await (await get('/assets/vendor-Ef56Gh78.js', { 'accept-encoding': 'identity' })).text()).toBe(vendor);
  expect((await get('/assets/vendor-Ef56Gh78.js.br')).status).toBe(404);
  expect((await get('/assets/vendor-Ef56Gh78.js.gz')).status).toBe(404);
});

it('answers 404 for a missing file with an extension', async () => {
  expect((await get('/assets/missing-123.js')).status).toBe(404);
  expect((await get('/favicon.ico')).status).toBe(404);
});

it('serves the export under /downloads/', async () => {
  const response = await get('/downloads/openapi.json', { 'accept-encoding': 'gzip' });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect((await get('/downloads/nothing.yaml')).status).toBe(404);
});

it("writes the portal's own base URL into the downloads that hold one, whatever Host a request names", async () => {
  const own = `${server.baseUrl}${new URL(EXPORTED_BASE_URL).pathname}`;
  const http = await get('/downloads/requests.http', { 'accept-encoding': 'br' });
  expect(await http.text()).toBe(`@baseUrl = ${own}\n\nGET {{baseUrl}}/seller/products\n`);
  const environment = (await (await get('/downloads/postman-environment.json')).json()) as { values: Array<{ key: string; value: string }> };
  expect(environment.values).toEqual([{ key: 'baseUrl', value: own }]);
  // A request naming another host gets the same file: a Host header never changes what anyone downloads.
  const elsewhere = await new Promise<{ etag: unknown; body: string }>((resolve, reject) => {
    httpGet(`${server.baseUrl}/downloads/requests.http`, { headers: { host: 'evil.example:8443' } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ etag: response.headers.etag, body }));
    }).on('error', reject);
  });
  expect(elsewhere.body).toBe(`@baseUrl = ${own}\n\nGET {{baseUrl}}/seller/products\n`);
  expect(elsewhere.etag).toBe(http.headers.get('etag'));
  // The contract itself keeps the spec's host: it describes the API wherever it is served.
  expect(await (await get('/downloads/openapi.yaml')).text()).toContain(EXPORTED_BASE_URL);
});

it('gives each download its media type and a file name naming brand, API and format', async () => {
  const expected: Array<[string, RegExp, string]> = [
    ['/downloads/openapi.json', /^application\/json; charset=utf-8$/, 'attachment; filename="acme-api-openapi.json"'],
    ['/downloads/seller/openapi.yaml', /^application\/yaml; charset=utf-8$/, 'attachment; filename="acme-seller-api-openapi.yaml"'],
    ['/downloads/seller/postman-collection.json', /^application\/json/, 'attachment; filename="acme-seller-api-postman-collection.json"'],
    ['/downloads/seller/insomnia.json', /^application\/json/, 'attachment; filename="acme-seller-api-insomnia.json"'],
    ['/downloads/seller/requests.http', /^text\/plain; charset=utf-8$/, 'attachment; filename="acme-seller-api-requests.http"'],
    ['/downloads/seller/api.d.ts', /^text\/plain; charset=utf-8$/, 'attachment; filename="acme-seller-api-api.d.ts"'],
    ['/downloads/seller/reference.html', /^text\/html; charset=utf-8$/, 'inline; filename="acme-seller-api-reference.html"'],
    ['/downloads/provider/provider-integration.yaml', /^application\/yaml; charset=utf-8$/, 'attachment; filename="acme-provider-integration.yaml"'],
    ['/downloads/provider/provider-integration.json', /^application\/json; charset=utf-8$/, 'attachment; filename="acme-provider-integration.json"'],
  ];
  for (const [path, type, disposition] of expected) {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type'), path).toMatch(type);
    expect(response.headers.get('content-disposition'), path).toBe(disposition);
  }
  // A file in the folder that the export does not list, and a family that does not exist, are not served.
  expect((await get('/downloads/stray.txt')).status).toBe(404);
  expect((await get('/downloads/admin/openapi.yaml')).status).toBe(404);
  expect((await get('/downloads/provider/openapi.yaml')).status).toBe(404);
});
