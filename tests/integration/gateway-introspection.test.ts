/**
 * RFC 7662 introspection at POST /api/gateway/introspect and RFC 8414 metadata, on the real server with a
 * provider API configured: a live token is active with its scope, subject and times; a sandbox, malformed,
 * unknown, expired, deleted, leaked or replaced value is `{active: false}` and nothing else; a gateway that
 * is not one of GATEWAY_CLIENTS gets 401 invalid_client with a Basic challenge. openid-client discovers the
 * metadata and introspects over HTTP as a gateway's library would. The token clock is injected, so expiry
 * and a grace window's end are reached by moving it.
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as oauth from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateTokenValue } from '../../src/server/lib/token-format.ts';
import { apiDomainsOf } from '../../src/server/spec/api-domains.ts';
import { loadSpec } from '../../src/server/spec/openapi-document.ts';
import type { Client, TestResponse } from './support/http-client.ts';
import { basicHeader, createToken, introspect, startGatewayPortal, type GatewayClientCredentials } from './support/introspection-portal.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/** A secret with every character client_secret_basic must form-urlencode: the server decodes it. */
const GATEWAY: GatewayClientCredentials = { id: 'edge-gateway', secret: 'p+ss w%rd:with/odd=chars&more-0123456789' };
const OTHER: GatewayClientCredentials = { id: 'other.gateway', secret: 'other-secret-0123456789abcdefghijklmnop' };
const SELLER_DOMAINS = apiDomainsOf(loadSpec()).SELLER;
const INACTIVE = '{"active":false}';
const INVALID_CLIENT = '{"error":"invalid_client"}';
const DAY = 86_400_000;

const keyDir = mkdtempSync(join(tmpdir(), 'introspection-keys-'));
const github = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const keysFile = join(keyDir, 'github-keys.json');
writeFileSync(
  keysFile,
  JSON.stringify({ public_keys: [{ key_identifier: 'k1', key: github.publicKey.export({ type: 'spki', format: 'pem' }).toString(), is_current: true }] }),
);

let server: TestServer;
let seller: Client;
let sellerSubject: string;
/** The server's token clock: real time, unless a test stopped it. */
let stoppedAt: number | undefined;

beforeAll(async () => {
  server = await startGatewayPortal([GATEWAY, OTHER], { env: { SECRET_SCANNING_KEYS_FILE: keysFile }, testing: { clock: () => stoppedAt ?? Date.now() } });
  seller = server.client();
  await seller.login();
  const [row] = await server.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'seller@example.com' AND user_type = 'SELLER'`);
  sellerSubject = `portal:${row?.id}`;
});
afterAll(async () => {
  await server?.close();
  rmSync(keyDir, { recursive: true, force: true });
});
beforeEach(() => {
  stoppedAt = undefined;
});

const asGateway = (form: Record<string, string>) => introspect(server, form, { authorization: basicHeader(GATEWAY) });
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

async function expectInactive(token: string): Promise<void> {
  const response = await asGateway({ token });
  expect(response.status).toBe(200);
  expect(response.text).toBe(INACTIVE);
  expect(response.headers.get('cache-control')).toBe('no-store');
}

function expectInvalidClient(response: TestResponse): void {
  expect(response.status).toBe(401);
  expect(response.text).toBe(INVALID_CLIENT);
  expect(response.headers.get('www-authenticate')).toBe('Basic realm="gateway"');
  expect(response.headers.get('cache-control')).toBe('no-store');
}

describe('metadata (RFC 8414)', () => {
  it('names the issuer, the introspection endpoint, client_secret_basic and the key set', async () => {
    const response = await server.client().get('/.well-known/oauth-authorization-server');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      issuer: server.baseUrl,
      jwks_uri: `${server.baseUrl}/.well-known/jwks.json`,
      introspection_endpoint: `${server.baseUrl}/api/gateway/introspect`,
      introspection_endpoint_auth_methods_supported: ['client_secret_basic'],
      response_types_supported: [],
    });
  });
});

describe('a live token', () => {
  it('without scopes: active, with every domain of its API, its subject, times, id and type', async () => {
    const made = await createToken(seller, { environment: 'live', title: 'ERP live' });
    const response = await asGateway({ token: made.token, token_type_hint: 'access_token' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      active: true,
      scope: SELLER_DOMAINS.join(' '),
      sub: sellerSubject,
      exp: seconds(made.expiryDate),
      iat: seconds(made.createdDate),
      token_type: 'api_token',
      client_id: String(made.id),
      user_type: 'SELLER',
      environment: 'live',
    });
    // Asked twice, from the token cache the second time: the same answer.
    expect((await asGateway({ token: made.token })).body).toEqual(response.body);
    expect(server.logs()).not.toContain(made.token);
  });

  it('with scopes: exactly those domains, space-separated in the order the token lists them', async () => {
    const made = await createToken(seller, { environment: 'live', scopes: ['orders', 'products'] });
    expect(made.scopes).toHaveLength(2);
    expect(await asGateway({ token: made.token })).toMatchObject({ status: 200, body: { active: true, scope: made.scopes?.join(' ') } });
  });

  it('expired: inactive from the instant of its expiry', async () => {
    const made = await createToken(seller, { environment: 'live' });
    const end = Date.parse(made.expiryDate);
    stoppedAt = end - 1;
    expect((await asGateway({ token: made.token })).body).toMatchObject({ active: true });
    stoppedAt = end;
    await expectInactive(made.token);
    server.evictCachedTokens();
    await expectInactive(made.token);
  });

  it('deleted: inactive at once', async () => {
    const made = await createToken(seller, { environment: 'live' });
    expect((await asGateway({ token: made.token })).body).toMatchObject({ active: true });
    expect((await seller.delete(`/api/auth/token/${made.token}`)).status).toBe(204);
    await expectInactive(made.token);
  });

  it('revoked by a secret-scanning report: inactive at once', async () => {
    const made = await createToken(seller, { environment: 'live' });
    expect((await asGateway({ token: made.token })).body).toMatchObject({ active: true });
    const body = JSON.stringify([{ token: made.token, type: 'acme_api_token', url: 'https://github.com/example/erp/blob/main/.env', source: 'content' }]);
    const report = await server.client().request('POST', '/api/secret-scanning/report', {
      rawBody: body,
      headers: {
        'github-public-key-identifier': 'k1',
        'github-public-key-signature': sign('sha256', Buffer.from(body), { key: github.privateKey, dsaEncoding: 'der' }).toString('base64'),
      },
    });
    expect(report.status).toBe(200);
    expect(report.body).toEqual([{ token_hash: createHash('sha256').update(made.token).digest('hex'), token_type: 'acme_api_token', label: 'true_positive' }]);
    await expectInactive(made.token);
  });

  it('refreshed with a grace window: the old value is active until the window ends, without iat, then inactive', async () => {
    const made = await createToken(seller, { environment: 'live' });
    const refreshed = await seller.get<{ data: { token: string; previousValueExpiresAt: string } }>(`/api/auth/token/refresh/${made.token}?graceHours=1`);
    expect(refreshed.status).toBe(200);
    const end = Date.parse(refreshed.body.data.previousValueExpiresAt);
    const old = await asGateway({ token: made.token });
    expect(old.body).toMatchObject({ active: true, exp: Math.floor(end / 1000), client_id: String(made.id) });
    expect(old.body).not.toHaveProperty('iat');
    expect((await asGateway({ token: refreshed.body.data.token })).body).toMatchObject({ active: true, client_id: String(made.id) });
    stoppedAt = end;
    await expectInactive(made.token);
    expect((await asGateway({ token: refreshed.body.data.token })).body).toMatchObject({ active: true });
  });
});

describe('inactive, and nothing else said', () => {
  it('a sandbox token, working for its own calls', async () => {
    const made = await createToken(seller, { environment: 'sandbox' });
    expect((await seller.api('/api/v1/seller/warehouses?page=0&size=1', made.token)).status).toBe(200);
    await expectInactive(made.token);
  });

  it('a malformed value, an unknown well-formed one (of either API)', async () => {
    await expectInactive('not-a-token');
    await expectInactive(generateTokenValue('SELLER', 'live'));
    await expectInactive(generateTokenValue('WAREHOUSE', 'live'));
  });
});

describe('client authentication (client_secret_basic)', () => {
  it('either configured gateway is accepted', async () => {
    expect((await introspect(server, { token: 'x' }, { authorization: basicHeader(OTHER) })).text).toBe(INACTIVE);
  });

  it('no Authorization, another scheme, a wrong secret, an unknown client, an undecodable one: 401 invalid_client', async () => {
    const made = await createToken(seller, { environment: 'live' });
    const form = { token: made.token };
    expectInvalidClient(await introspect(server, form));
    expectInvalidClient(await introspect(server, form, { authorization: `Bearer ${made.token}` }));
    expectInvalidClient(await introspect(server, form, { authorization: basicHeader({ id: GATEWAY.id, secret: OTHER.secret }) }));
    expectInvalidClient(await introspect(server, form, { authorization: basicHeader({ id: 'nobody', secret: GATEWAY.secret }) }));
    // The secret as is, not form-urlencoded: "+" and "%w" decode to something else, or to nothing.
    expectInvalidClient(await introspect(server, form, { authorization: `Basic ${Buffer.from(`${GATEWAY.id}:${GATEWAY.secret}`).toString('base64')}` }));
  });

  it('a request without token, or an empty or overlong one: 400 invalid_request naming token, once the client is authenticated', async () => {
    for (const form of <Record<string, string>[]>[{ token_type_hint: 'access_token' }, { token: '' }, { token: 'a'.repeat(257) }]) {
      const response = await asGateway(form);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: 'invalid_request' });
      expect((response.body as { error_description: string }).error_description).toMatch(/^token is required/);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expectInvalidClient(await introspect(server, { token_type_hint: 'access_token' }));
  });
});

describe('openid-client as the gateway', () => {
  const discover = (secret = GATEWAY.secret) =>
    oauth.discovery(new URL(server.baseUrl), GATEWAY.id, undefined, oauth.ClientSecretBasic(secret), {
      algorithm: 'oauth2',
      // The test portal speaks plain HTTP on 127.0.0.1.
      execute: [oauth.allowInsecureRequests],
    });

  it('discovers the metadata and introspects a live token (active) and a sandbox one (inactive)', async () => {
    const config = await discover();
    expect(config.serverMetadata().introspection_endpoint).toBe(`${server.baseUrl}/api/gateway/introspect`);
    const live = await createToken(seller, { environment: 'live', scopes: ['orders'] });
    expect(await oauth.tokenIntrospection(config, live.token)).toMatchObject({ active: true, scope: 'orders', sub: sellerSubject, token_type: 'api_token' });
    const sandbox = await createToken(seller, { environment: 'sandbox' });
    expect(await oauth.tokenIntrospection(config, sandbox.token)).toEqual({ active: false });
  });

  it("with a wrong secret the library reports the 401 and the portal's Basic challenge", async () => {
    const config = await discover(OTHER.secret);
    const refused = await oauth.tokenIntrospection(config, 'x').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect(refused).toMatchObject({ status: 401, cause: [{ scheme: 'basic', parameters: { realm: 'gateway' } }] });
  });
});

describe('a portal without a provider API or gateways', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(async () => plain?.close());

  it('has no metadata (404) and refuses every client (401 invalid_client)', async () => {
    expect((await plain.client().get('/.well-known/oauth-authorization-server')).status).toBe(404);
    expectInvalidClient(await introspect(plain, { token: 'x' }, { authorization: basicHeader(GATEWAY) }));
  });

  it('with a provider API but GATEWAY_CLIENTS unset: metadata, and still 401 for everyone', async () => {
    const noClients = await startGatewayPortal([]);
    try {
      expect((await noClients.client().get('/.well-known/oauth-authorization-server')).status).toBe(200);
      expectInvalidClient(await introspect(noClients, { token: 'x' }, { authorization: basicHeader(GATEWAY) }));
    } finally {
      await noClients.close();
    }
  });
});

it('a day later, a 90-day live token is still active with the same exp (the clock moves, the value does not)', async () => {
  const made = await createToken(seller, { environment: 'live' });
  stoppedAt = Date.now() + DAY;
  expect((await asGateway({ token: made.token })).body).toMatchObject({ active: true, exp: seconds(made.expiryDate) });
});
