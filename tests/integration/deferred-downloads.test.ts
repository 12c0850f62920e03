/**
 * `npm start`'s first start makes the downloads after the server listens (src/server/deferred-build.ts):
 * until they exist a download answers 503 with Retry-After in the API's error shape, the login page is
 * served all along, and once made the downloads and the build's compressed copies are served.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { DEFAULT_SETTINGS, servedIndex } from './support/served-index.ts';

const PUBLIC_SETTINGS = { ...DEFAULT_SETTINGS, publicDocs: true };

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
/** Quality 1: differs from what the server would make itself, so the test sees which copy is sent. */
const buildCopy = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });

interface Controlled {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

function controlled(): Controlled {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function serverWithDownloadsBeingMade(rest: Controlled): Promise<{ server: TestServer; web: string; exported: string }> {
  const database = await createTestDatabase();
  const web = join(database.dataDir, 'web');
  const exported = join(database.dataDir, 'export');
  mkdirSync(join(web, 'assets'), { recursive: true });
  mkdirSync(exported, { recursive: true });
  writeFileSync(join(web, 'index.html'), INDEX);
  writeFileSync(join(web, 'assets', 'app-Ab12Cd34.js'), script);
  // Public downloads, answered before the database opens; readers are tests/integration/downloads-access.test.ts's concern.
  const server = await startTestServer({ database, env: { WEB_DIR: web, EXPORT_DIR: exported, PUBLIC_DOCS: 'true' }, start: { restOfBuild: rest.promise } });
  return { server, web, exported };
}

function rawGet(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
}

describe('while the downloads are being made', () => {
  const rest = controlled();
  let server: TestServer;
  let web: string;
  let exported: string;
  beforeAll(async () => {
    ({ server, web, exported } = await serverWithDownloadsBeingMade(rest));
  });
  afterAll(async () => {
    await server?.close();
    await server?.database.drop();
  });

  it('answers a download 503 with Retry-After and says so, and serves the login page', async () => {
    for (const path of ['/downloads/openapi.yaml', '/downloads/seller/postman-collection.json', '/downloads/warehouse/reference.html']) {
      const response = await fetch(server.baseUrl + path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ status: 503, message: 'The downloads are being made; retry in a few seconds.' });
    }
    // A path that names no download is still unknown.
    expect((await fetch(`${server.baseUrl}/downloads/nothing.yaml`)).status).toBe(404);
    const login = await fetch(`${server.baseUrl}/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toBe(servedIndex(INDEX, PUBLIC_SETTINGS));
  });

  it('serves the downloads and the build’s compressed copies once they are made', async () => {
    writeFileSync(join(exported, 'openapi.yaml'), 'openapi: 3.1.0\n');
    mkdirSync(join(exported, 'seller'), { recursive: true });
    writeFileSync(join(exported, 'seller', 'postman-collection.json'), '{"info":{}}\n');
    writeFileSync(join(web, 'assets', 'app-Ab12Cd34.js.br'), buildCopy);
    writeFileSync(join(web, 'assets', 'app-Ab12Cd34.js.gz'), 'a gzip copy');
    rest.resolve();
    await rest.promise;
    await new Promise((resolve) => setImmediate(resolve));

    const yaml = await fetch(`${server.baseUrl}/downloads/openapi.yaml`);
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get('content-disposition')).toBe('attachment; filename="acme-api-openapi.yaml"');
    expect(await yaml.text()).toBe('openapi: 3.1.0\n');
    expect((await fetch(`${server.baseUrl}/downloads/seller/postman-collection.json`)).status).toBe(200);
    // Not made by this build: now a plain 404.
    expect((await fetch(`${server.baseUrl}/downloads/warehouse/reference.html`)).status).toBe(404);
    expect(await rawGet(`${server.baseUrl}/assets/app-Ab12Cd34.js`, { 'accept-encoding': 'br' })).toEqual(buildCopy);
  });
});

describe('when the downloads could not be made', () => {
  const rest = controlled();
  let server: TestServer;
  beforeAll(async () => {
    ({ server } = await serverWithDownloadsBeingMade(rest));
  });
  afterAll(async () => {
    await server?.close();
    await server?.database.drop();
  });

  it('answers a download 503 that says to build, without Retry-After, and logs why', async () => {
    rest.reject(new Error('build --rest exited with 1'));
    await rest.promise.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    const response = await fetch(`${server.baseUrl}/downloads/openapi.yaml`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(((await response.json()) as { message: string }).message).toMatch(/could not be made.*npm run build/);
    expect(server.logs()).toContain('the downloads could not be made');
  });
});
