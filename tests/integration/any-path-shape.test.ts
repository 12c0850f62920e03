/**
 * New operations of new path shapes (tests/fixtures/contract/new-operations.yaml), added to the spec with
 * a handler each and nothing else, are routed from the spec alone: their family (which tokens they accept)
 * comes from the tag, their domain is a token scope like any other, every path parameter is validated, and
 * other methods get 405. The build-step half (catalogue, reference, search, tester) is
 * tests/unit/contract/any-path-shape.test.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { OperationHandler } from '../../src/server/spec/operation-handler.ts';
import { loadSpec } from '../../src/server/spec/openapi-document.ts';
import type { JsonObject } from '../../src/shared/openapi/openapi-document.ts';
import { buildCatalogue } from '../../scripts/generate/catalogue.ts';
import { deriveBrand } from '../../src/shared/brand.ts';
import { catalogueCall } from './support/catalogue-calls.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const fixture = parse(readFileSync('tests/fixtures/contract/new-operations.yaml', 'utf8')) as { paths: Record<string, JsonObject> };
const portalSpec = loadSpec();
const spec = { ...portalSpec, paths: { ...portalSpec.paths, ...fixture.paths } };

const extraHandlers: Record<string, OperationHandler> = {
  getSellerProductStock: {
    async handle(request, reply) {
      const { productId } = request.params as { productId: number };
      return reply.send({ productId, availableQuantity: 12 });
    },
  },
  getSellerOrderLine: {
    async handle(request, reply) {
      const { orderId, lineId } = request.params as { orderId: number; lineId: number };
      return reply.send({ orderId, lineId, sku: 'GSJ-1L', orderQuantity: 2 });
    },
  },
};

let server: TestServer;
let sellerToken: string;
let warehouseToken: string;

/** A seller token limited to the given domains. */
async function scopedToken(scopes: string[]): Promise<string> {
  const seller = server.client();
  await seller.login();
  const response = await seller.post<{ data: { token: string } }>('/api/auth/token', { title: `Only ${scopes.join(', ')}`, description: 'Scoped', scopes });
  expect(response.status).toBe(201);
  return response.body.data.token;
}

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

describe('operations of new path shapes', () => {
  it('are routed under /api/v1 and /api to their handlers, with their path parameters validated and coerced', async () => {
    const client = server.client();
    for (const prefix of ['/api/v1', '/api']) {
      const stock = await client.api(`${prefix}/seller/products/5/stock`, sellerToken, { unchecked: true });
      expect(stock.status).toBe(200);
      expect(stock.body).toEqual({ productId: 5, availableQuantity: 12 });
      const line = await client.api(`${prefix}/seller/orders/7/lines/3`, sellerToken, { unchecked: true });
      expect(line.status).toBe(200);
      expect(line.body).toEqual({ orderId: 7, lineId: 3, sku: 'GSJ-1L', orderQuantity: 2 });
    }
    expect((await client.api('/api/v1/seller/products/abc/stock', sellerToken, { unchecked: true })).status).toBe(400);
    const outOfBounds = await client.api('/api/v1/seller/orders/7/lines/1001', sellerToken, { unchecked: true });
    expect(outOfBounds.status).toBe(400);
    expect((outOfBounds.body as { message: string }).message).toContain('lineId');
  });

  it("accept only their tag's family of tokens", async () => {
    for (const path of ['/api/v1/seller/products/5/stock', '/api/v1/seller/orders/7/lines/3']) {
      const response = await server.client().api(path, warehouseToken, { unchecked: true });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ status: 401, message: 'forbidden' });
    }
  });

  it('belong to the token scope their x-domain names: a products token reads the stock, not the order line', async () => {
    const products = await scopedToken(['products']);
    expect((await server.client().api('/api/v1/seller/products/5/stock', products, { unchecked: true })).status).toBe(200);
    const line = await server.client().api('/api/v1/seller/orders/7/lines/3', products, { unchecked: true });
    expect(line.status).toBe(403);
    expect((line.body as { message: string }).message).toContain('orders');
    const orders = await scopedToken(['orders']);
    expect((await server.client().api('/api/v1/seller/orders/7/lines/3', orders, { unchecked: true })).status).toBe(200);
    expect((await server.client().api('/api/v1/seller/products/5/stock', orders, { unchecked: true })).status).toBe(403);
  });

  it('answer other methods with 405 and Allow', async () => {
    const response = await server.client().request('DELETE', '/api/v1/seller/products/5/stock', { unchecked: true });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('refuse to start without a handler for each', async () => {
    await expect(startTestServer({ spec })).rejects.toThrow(/No handler for operationId\(s\): getSellerProductStock, getSellerOrderLine/);
  });

  it("are walked by the catalogue calls unchanged: a sub-resource through its list's row id, two ids from their examples", async () => {
    const publicSpec = loadSpec(fileURLToPath(new URL('../../src/generated/openapi.public.json', import.meta.url)));
    const operations = buildCatalogue({ ...publicSpec, paths: { ...publicSpec.paths, ...fixture.paths } }, deriveBrand()).operations;
    const client = server.client();
    const readList = async (path: string) => (await client.api(`/api/v1${path}`, sellerToken)).body;
    const [firstProduct] = ((await readList('/seller/products?page=0&size=1')) as { data: Array<{ id: number }> }).data;
    for (const operationId of ['getSellerProductStock', 'getSellerOrderLine']) {
      const operation = operations.find((candidate) => candidate.operationId === operationId);
      if (operation === undefined) throw new Error(`${operationId} is not in the catalogue`);
      const call = await catalogueCall(operation, readList, { operations, spec });
      expect((await client.api(`/api/v1${call.path}`, sellerToken, { unchecked: true })).status, call.path).toBe(200);
      if (operationId === 'getSellerProductStock') expect(call.path).toBe(`/seller/products/${firstProduct?.id}/stock`);
      else expect(call.path).toBe('/seller/orders/1/lines/1');
    }
  });
});
