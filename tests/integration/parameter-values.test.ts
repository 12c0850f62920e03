/**
 * Odd numerics on every public operation: the answer is 200 with valid JSON that matches the spec, or 400
 * with the spec's Error body naming the parameter; never invalid JSON, never 5xx
 * (src/server/spec/parameter-values.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, routableOperations } from '../../src/server/spec/openapi-document.ts';
import { TOKEN_HEADER, type Client } from './support/http-client.ts';
import { bodyFor } from './support/operation-body.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const ODD_VALUES = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e3',
  '1e309',
  '0x10',
  '0b1',
  '0o7',
  '-0',
  '01',
  '1.0',
  '1.',
  '.5',
  ' 1',
  '+1',
  '1_000',
  '9'.repeat(25),
  '99999999999999999999',
  '2147483648',
  '',
  '１',
  'null',
  '[1]',
  '%00',
];
const publicOperations = routableOperations(loadSpec()).filter((op) => !op.internal);

let server: TestServer;
const clients: Record<'seller' | 'warehouse', { client: Client; token: string }> = {} as never;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  for (const [family, email, userType] of [
    ['seller', 'seller@example.com', 'SELLER'],
    ['warehouse', 'warehouse@example.com', 'WAREHOUSE'],
  ] as const) {
    const client = server.client();
    await client.login(email, userType);
    clients[family] = { client, token: await client.createToken() };
  }
});
afterAll(async () => server?.close());

function expectOkOrNamedBadRequest(response: { status: number; text: string; body: unknown }, name: string, value: string, simulation = false): void {
  // A simulation may also find its row at the end of the sandbox's lifecycle.
  const answered = simulation ? [200, 400, 409] : [200, 400];
  expect(answered, `${name}=${JSON.stringify(value)}: ${response.text.slice(0, 200)}`).toContain(response.status);
  // Valid JSON, whatever the status (the client has already checked it against the spec).
  expect(() => JSON.parse(response.text)).not.toThrow();
  if (response.status === 400) {
    expect(response.body).toEqual({ status: 400, message: expect.stringMatching(new RegExp(`^${name} `)) });
  }
}

describe.each(publicOperations.map((op) => [op.operationId, op] as const))('%s', (_operationId, op) => {
  const family = () => clients[op.family ?? 'seller'];
  const pathParameter = op.parameters.find((parameter) => parameter.in === 'path');
  const queryParameters = op.parameters.filter((parameter) => parameter.in === 'query');

  if (pathParameter !== undefined) {
    it(`${pathParameter.name}: odd numerics are 200 or 400 naming it`, async () => {
      for (const value of ODD_VALUES.filter((text) => text !== '')) {
        const path = `/api/v1${op.path.replace(`{${pathParameter.name}}`, encodeURIComponent(value))}`;
        const body = bodyFor(op);
        const response = await family().client.request(op.method.toUpperCase(), path, {
          headers: { [TOKEN_HEADER]: family().token },
          ...(body === undefined ? {} : { body }),
        });
        if (response.status === 404) continue;
        expectOkOrNamedBadRequest(response, pathParameter.name, value, op.method === 'post');
        if (['1e3', '0x10', '1.0', '+1', 'Infinity', '9'.repeat(25), '-0', '01'].includes(value)) expect(response.status).toBe(400);
      }
    });
  }

  for (const parameter of queryParameters) {
    it(`${parameter.name}: odd numerics and repeats are 200 or 400 naming it`, async () => {
      for (const value of ODD_VALUES) {
        const response = await family().client.api(`/api/v1${op.path}?${parameter.name}=${encodeURIComponent(value)}`, family().token);
        expectOkOrNamedBadRequest(response, parameter.name, value);
        if (['Infinity', 'NaN', '1e3', '0x10', '1.0', '9'.repeat(25), '', '2147483648', '-0', '01'].includes(value)) expect(response.status).toBe(400);
      }
      const repeated = await family().client.api(`/api/v1${op.path}?${parameter.name}=1&${parameter.name}=2`, family().token);
      expect(repeated.status).toBe(400);
      expect(repeated.body).toEqual({ status: 400, message: `${parameter.name} must be given once` });
    });
  }
});

describe('what a valid odd value means', () => {
  it('-0 and leading zeros are refused, naming the parameter: one spelling per number, one URL per resource', async () => {
    const { client, token } = clients.seller;
    for (const [path, name] of [
      ['/api/v1/seller/orders/normal?page=01&size=28', 'page'],
      ['/api/v1/seller/orders/normal?page=0&size=007', 'size'],
      ['/api/v1/seller/orders/normal?page=-0', 'page'],
      ['/api/v1/seller/orders/normal/01', 'orderId'],
    ] as const) {
      const response = await client.api(path, token);
      expect(response.status, path).toBe(400);
      expect(response.body, path).toEqual({ status: 400, message: expect.stringMatching(new RegExp(`^${name} must be an integer `)) });
    }
    const canonical = await client.api<{ page: number; size: number }>('/api/v1/seller/orders/normal?page=0&size=7', token);
    expect(canonical.status).toBe(200);
    expect(canonical.text.startsWith('{"page":0,"size":7,')).toBe(true);
  });

  it('the largest page is 2147483647: 200 with no rows; one more is 400 naming page with its bounds', async () => {
    const { client, token } = clients.seller;
    const last = await client.api<{ data: unknown[] }>('/api/v1/seller/orders/normal?page=2147483647&size=100', token);
    expect(last.status).toBe(200);
    expect(last.body.data).toEqual([]);
    const over = await client.api('/api/v1/seller/orders/normal?page=2147483648', token);
    expect(over.body).toEqual({ status: 400, message: 'page must be an integer from 0 to 2147483647' });
  });

  it('an id in another base is not an id', async () => {
    const { client, token } = clients.seller;
    const hex = await client.api('/api/v1/seller/orders/normal/0x1', token);
    expect(hex.body).toEqual({ status: 400, message: 'orderId must be an integer from 1 to 2147483647' });
  });
});
