/**
 * Who may download the reference (/downloads: the OpenAPI files, the whole reference as HTML, the
 * collections): the readers of the Markdown (plugins/docs-access.ts). With PUBLIC_DOCS=false a session, the
 * token header or a bearer token; nothing else, not even a download's name. With PUBLIC_DOCS=true anyone.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const EXPORT_DIR = resolve('dist/export');
// Uncompressed: a first request for a compressed copy makes it (brotli 11), which is not under test here.
const PLAIN = { 'accept-encoding': 'identity' };
const DOWNLOADS = [
  '/downloads/openapi.json',
  '/downloads/openapi.yaml',
  '/downloads/reference.html',
  '/downloads/seller/postman-collection.json',
  '/downloads/warehouse/api.d.ts',
];

let privateServer: TestServer;
let publicServer: TestServer;
let cookie: string;
let token: string;

beforeAll(async () => {
  [privateServer, publicServer] = await Promise.all([startTestServer({ env: { EXPORT_DIR } }), startTestServer({ env: { EXPORT_DIR, PUBLIC_DOCS: 'true' } })]);
  const client = privateServer.client();
  await client.login();
  cookie = client.cookie ?? '';
  token = await client.createToken('Downloads');
});
afterAll(async () => Promise.all([privateServer?.close(), publicServer?.close()]));

describe('with PUBLIC_DOCS=false', () => {
  it('refuses every download without a reader: the API 401 and the challenge, no bytes of the file', async () => {
    for (const path of DOWNLOADS) {
      const response = await fetch(privateServer.baseUrl + path, { headers: PLAIN });
      expect(response.status, path).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="documentation"/);
      expect(response.headers.get('content-disposition')).toBeNull();
      expect(await response.json()).toEqual({ status: 401, message: expect.any(String) });
    }
  });

  it('refuses a token that is not one', async () => {
    const response = await fetch(privateServer.baseUrl + DOWNLOADS[0], { headers: { ...PLAIN, [TOKEN_HEADER]: 'not-a-token' } });
    expect(response.status).toBe(401);
  });

  it('answers a session, the token header and a bearer token, kept out of shared caches', async () => {
    const readers: Record<string, string>[] = [{ cookie }, { [TOKEN_HEADER]: token }, { authorization: `Bearer ${token}` }];
    for (const headers of readers) {
      for (const path of DOWNLOADS) {
        const response = await fetch(privateServer.baseUrl + path, { headers: { ...PLAIN, ...headers } });
        expect(response.status, `${path} ${Object.keys(headers)[0]}`).toBe(200);
        expect(response.headers.get('cache-control')).toBe('private, no-cache');
        expect(response.headers.get('content-disposition')).toMatch(/filename="acme-/);
      }
    }
  });
});

describe('with PUBLIC_DOCS=true', () => {
  it('answers anyone', async () => {
    for (const path of DOWNLOADS) expect((await fetch(publicServer.baseUrl + path, { headers: PLAIN })).status, path).toBe(200);
  });
});
