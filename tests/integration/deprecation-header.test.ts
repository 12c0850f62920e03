/**
 * RFC 9745: every response of an operation the spec marks deprecated carries `Deprecation: @<seconds>` (from
 * its `x-deprecated-at`) and a Link to the changelog; other operations carry neither.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadSpec, type OpenApiDocument } from '../../src/server/spec/openapi-document.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  const spec = structuredClone(loadSpec()) as OpenApiDocument & { paths: Record<string, Record<string, Record<string, unknown>>> };
  Object.assign(spec.paths['/seller/warehouses']?.get ?? {}, { deprecated: true, 'x-deprecated-at': '2026-12-01' });
  server = await startTestServer({ spec });
  const client = server.client();
  await client.login();
  token = await client.createToken('Deprecation');
});
afterAll(async () => {
  await server?.close();
});

it('marks every answer of the deprecated operation, on both spellings of its path, and errors too', async () => {
  const client = server.client();
  for (const path of ['/api/v1/seller/warehouses', '/api/seller/warehouses']) {
    const ok = await client.api(path, token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('deprecation')).toBe('@1796083200');
    expect(ok.headers.get('link')).toBe('</documentation?category=authentication&subcategory=changelog>; rel="deprecation"; type="text/html"');
  }
  // The HEAD route Fastify derives from the GET, too.
  const head = await fetch(`${server.baseUrl}/api/v1/seller/warehouses`, { method: 'HEAD', headers: { 'ACME-API-TOKEN': token } });
  expect(head.status).toBe(200);
  expect(head.headers.get('deprecation')).toBe('@1796083200');
  const unauthorised = await client.api('/api/v1/seller/warehouses', undefined);
  expect(unauthorised.status).toBe(401);
  expect(unauthorised.headers.get('deprecation')).toBe('@1796083200');
});

it('leaves the other operations alone', async () => {
  const response = await server.client().api('/api/v1/seller/quotations', token);
  expect(response.status).toBe(200);
  expect(response.headers.get('deprecation')).toBeNull();
  expect(response.headers.get('link')).toBeNull();
});
