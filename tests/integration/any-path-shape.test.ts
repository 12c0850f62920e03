/**
 * The server routes an operation of a new path shape (tests/fixtures/contract/product-stock-operation.yaml)
 * from the spec alone: its family (which tokens it accepts) comes from its tag, its parameters are
 * validated, other methods get 405. The build-step half is tests/unit/contract/any-path-shape.test.ts.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { OperationHandler } from '../../src/server/routes/operation-handler.ts';
import { loadSpec } from '../../src/server/spec/openapi-document.ts';
import type { JsonObject } from '../../src/shared/openapi/openapi-document.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const fixture = parse(readFileSync('tests/fixtures/contract/product-stock-operation.yaml', 'utf8')) as { path: string; item: JsonObject };
const portalSpec = loadSpec();
const spec = { ...portalSpec, paths: { ...portalSpec.paths, [fixture.path]: fixture.item } };

const stockHandler: OperationHandler = {
  async handle(request, reply) {
    const { productId } = request.params as { productId: number };
    return reply.send({ productId, availableQuantity: 12 });
  },
};
const extraHandlers: Record<string, OperationHandler> = { getSellerProductStock: stockHandler };

let server: TestServer;
let sellerToken: string;
let warehouseToken: string;

beforeAll(async () => {
  server = await startTestServer({ spec, handlers: (defaults) => ({ ...defaults, ...extraHandlers }) });
  const seller = server.client();
  await seller.login();
  sellerToken = await seller.createToken();
  const warehouse = server.client();
  await warehouse.login('warehouse@example.com', 'WAREHOUSE');
  warehouseToken = await warehouse.createToken();
});
afterAll(() => server?.close());

describe('an operation of a new path shape', () => {
  it('is routed under /api/v1 and /api to its handler, with its path parameter validated and coerced', async () => {
    const client = server.client();
    for (const prefix of ['/api/v1', '/api']) {
      const response = await client.api(`${prefix}/seller/products/5/stock`, sellerToken, { unchecked: true });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ productId: 5, availableQuantity: 12 });
    }
    const bad = await client.api('/api/v1/seller/products/abc/stock', sellerToken, { unchecked: true });
    expect(bad.status).toBe(400);
  });

  it("accepts only its tag's family of tokens", async () => {
    const response = await server.client().api('/api/v1/seller/products/5/stock', warehouseToken, { unchecked: true });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ status: 401, message: 'forbidden' });
  });

  it('answers other methods with 405 and Allow', async () => {
    const response = await server.client().request('DELETE', '/api/v1/seller/products/5/stock', { unchecked: true });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('refuses to start without a handler for it', async () => {
    await expect(startTestServer({ spec })).rejects.toThrow(/No handler for operationId\(s\): getSellerProductStock/);
  });
});
