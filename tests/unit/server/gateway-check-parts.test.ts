/**
 * The pure parts of the gateway's forward-auth and its access log: the call note (signature, age, one use),
 * the two access-log shapes (nginx over syslog, Caddy's JSON), and matching a gateway's URI to a public
 * operation.
 */
import { describe, expect, it } from 'vitest';
import { createCallNoter, SeenNotes } from '../../../src/server/lib/call-note.ts';
import { parseGatewayLogLine } from '../../../src/server/lib/gateway-log-line.ts';
import { createOperationMatcher } from '../../../src/server/spec/operation-matcher.ts';
import { loadSpec } from '../../../src/server/spec/openapi-document.ts';

const KEY = Buffer.alloc(32, 7);
const CALL = {
  tokenId: 3,
  userId: 9,
  operationId: 'listSellerWarehouses',
  method: 'GET',
  path: '/api/v1/seller/warehouses?page=0',
  address: '203.0.113.7',
  userAgent: 'curl/8',
};

describe('the call note', () => {
  it('verifies under the same key, and names the call', () => {
    const noter = createCallNoter(KEY);
    const note = noter.sign(CALL, 1_000_000);
    expect(note).toMatch(/^n1\.[\w-]+\.[\w-]{22}$/);
    expect(createCallNoter(KEY).verify(note, 1_000_500, 600_000)).toMatchObject({ ...CALL, at: 1_000_000 });
  });

  it('refuses another key, a changed payload, an old note, one from the future and junk', () => {
    const note = createCallNoter(KEY).sign(CALL, 1_000_000);
    expect(createCallNoter(Buffer.alloc(32, 8)).verify(note, 1_000_000, 600_000)).toBe('signature');
    const [version, payload, mac] = note.split('.');
    const changed = Buffer.from(JSON.stringify(JSON.parse(Buffer.from(payload!, 'base64url').toString()).with(0, 4))).toString('base64url');
    expect(createCallNoter(KEY).verify(`${version}.${changed}.${mac}`, 1_000_000, 600_000)).toBe('signature');
    expect(createCallNoter(KEY).verify(note, 1_000_000 + 600_001, 600_000)).toBe('stale');
    expect(createCallNoter(KEY).verify(note, 1_000_000 - 120_000, 600_000)).toBe('future');
    expect(createCallNoter(KEY).verify('n1.x', 0, 1)).toBe('malformed');
  });

  it('redacts token-like parts of the path and is unique per call', () => {
    const noter = createCallNoter(KEY);
    const withToken = noter.sign({ ...CALL, path: '/api/v1/seller/warehouses?t=acme_s_live_0123456789abcdefghijklmnop' }, 1);
    const read = noter.verify(withToken, 1, 10);
    expect(typeof read === 'object' && read.path).toBe('/api/v1/seller/warehouses?t=[redacted]');
    expect(noter.sign(CALL, 1)).not.toBe(noter.sign(CALL, 1));
  });

  it('carries no token value, encoded or in the agent, and the address only canonical', () => {
    const noter = createCallNoter(KEY);
    const token = 'acme_s_live_0123456789abcdefghijklmnop';
    const encoded = token.replaceAll('_', '%5F');
    const note = noter.sign({ ...CALL, path: `/api/v1/seller/warehouses/${encoded}`, userAgent: `agent ${token}`, address: token }, 1);
    expect(Buffer.from(note.split('.')[1] ?? '', 'base64url').toString()).not.toMatch(/0123456789abcdefghij/i);
    const read = noter.verify(note, 1, 10);
    expect(typeof read === 'object' && [read.path, read.userAgent, read.address]).toEqual([
      '/api/v1/seller/warehouses/[redacted]',
      'agent [redacted]',
      'an unreadable address',
    ]);
    const mapped = noter.verify(noter.sign({ ...CALL, address: '::ffff:203.0.113.7' }, 1), 1, 10);
    expect(typeof mapped === 'object' && mapped.address).toBe('203.0.113.7');
  });

  it('is taken once within its validity', () => {
    const seen = new SeenNotes(1_000, 3);
    expect(seen.firstTime('a', 0, 0)).toBe(true);
    expect(seen.firstTime('a', 0, 10)).toBe(false);
    expect(seen.firstTime('b', 0, 10)).toBe(true);
  });
});

describe('a gateway access-log line', () => {
  it("reads nginx's line in its syslog frame", () => {
    const line = '<190>Nov 28 21:04:17 gateway portal: {"call":"n1.a.b","status":200,"duration":0.012,"size":512}';
    expect(parseGatewayLogLine(line)).toEqual({ note: 'n1.a.b', status: 200, durationMs: 12, bytes: 512 });
  });

  it("reads Caddy's JSON line, the note in user_id or in the logged request headers", () => {
    const caddy = { request: { headers: { 'User-Agent': ['x'] } }, user_id: 'n1.c.d', duration: 0.5, size: 10, status: 404 };
    expect(parseGatewayLogLine(JSON.stringify(caddy))).toEqual({ note: 'n1.c.d', status: 404, durationMs: 500, bytes: 10 });
    const headers = { ...caddy, user_id: '', request: { headers: { 'X-Auth-Request-Call': ['n1.e.f'] } } };
    expect(parseGatewayLogLine(JSON.stringify(headers))).toMatchObject({ note: 'n1.e.f' });
  });

  it('drops junk, a line without a note and one without a status', () => {
    expect(parseGatewayLogLine('<190>Nov 28 21:04:17 gateway portal: GET / 200')).toBe('not-json');
    expect(parseGatewayLogLine('{"call":"","status":200}')).toBe('no-note');
    expect(parseGatewayLogLine('{"call":"n1.a.b","status":"x"}')).toBe('no-status');
  });
});

describe("matching a gateway's URI to a public operation", () => {
  const match = createOperationMatcher(loadSpec(), ['/api/v1', '/api', '/v2'], 256);

  it('strips a base path at a segment boundary and matches literal and parameter segments', () => {
    expect(match('GET', '/api/v1/seller/warehouses?size=1')).toMatchObject({ operationId: 'listSellerWarehouses', userType: 'SELLER', domain: 'warehouses' });
    expect(match('GET', '/v2/seller/warehouses/42')).toMatchObject({ operationId: 'getSellerWarehouse' });
    expect(match('HEAD', '/api/seller/warehouses')).toMatchObject({ operationId: 'listSellerWarehouses' });
    expect(match('GET', '/api/v1x/seller/warehouses')).toBeUndefined();
    expect(match('POST', '/api/v1/seller/warehouses')).toBeUndefined();
    expect(match('GET', '/api/v1/auth/me')).toBeUndefined();
  });

  it("matches none of the sandbox's simulations, which the provider's API does not have", () => {
    expect(match('POST', '/api/v1/seller/sandbox/orders/normal/7/advance')).toBeUndefined();
    expect(match('POST', '/api/v1/warehouse/sandbox/inventory/7/stock')).toBeUndefined();
  });

  it('matches no parameter an upstream could read as another path', () => {
    for (const id of ['..', '.', '1%2F..%2Forders', '1\\..', 'a'.repeat(257)]) expect(match('GET', `/api/v1/seller/warehouses/${id}`)).toBeUndefined();
  });
});
