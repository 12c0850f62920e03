/**
 * The reference warehouse system (examples/wms-reference/) answers exactly the provider integration
 * document: every answer, right or refused, is checked against the contract's schema for its status. It
 * refuses (400) a request whose signature does not match (body tampered with, another secret, no headers)
 * or whose timestamp is more than 5 minutes old, and accepts what the portal's own signer makes, with a
 * secret past ASCII (the key is the secret's UTF-8 bytes on both sides).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSigner } from '../../src/server/identity/signed-requests.ts';
import { validateProviderAnswer } from './support/provider-contract.ts';
import { WMS_PASSWORD, newSecret, signatureHeaders, startReferenceWms, type ReferenceWms } from './support/reference-wms.ts';

// Past ASCII on purpose: a key made from UTF-16 units instead of UTF-8 bytes would not verify.
const SECRET = `schlüssel-für-das-lager-${newSecret()}`;
let wms: ReferenceWms;

beforeAll(async () => {
  wms = await startReferenceWms(SECRET);
});
afterAll(async () => {
  await wms?.close();
});

interface Sent {
  status: number;
  body: unknown;
}

async function send(method: 'GET' | 'POST', path: string, body: string, headers: Record<string, string>): Promise<Sent> {
  const response = await fetch(wms.origin + path, {
    method,
    headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { body } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

async function checkPassword(input: { email: string; password: string; userType: string }, headers?: Record<string, string>): Promise<Sent> {
  const body = JSON.stringify(input);
  const answer = await send('POST', '/portal/password-check', body, headers ?? signatureHeaders(SECRET, body));
  validateProviderAnswer('checkPassword', answer.status, answer.body);
  return answer;
}

async function lookUp(subject: string, headers = signatureHeaders(SECRET, '')): Promise<Sent> {
  const answer = await send('GET', `/portal/accounts/${encodeURIComponent(subject)}`, '', headers);
  validateProviderAnswer('lookUpAccount', answer.status, answer.body);
  return answer;
}

describe('answers as the contract says', () => {
  it('a right password: 200 with the account as it is now, whatever user type was asked', async () => {
    expect(await checkPassword({ email: 'seller@wms.example.com', password: WMS_PASSWORD, userType: 'SELLER' })).toEqual({
      status: 200,
      body: { subject: 'wms-seller-1', email: 'seller@wms.example.com', userTypes: ['SELLER'] },
    });
    const both = await checkPassword({ email: 'BOTH@wms.example.com', password: WMS_PASSWORD, userType: 'WAREHOUSE' });
    expect(both.body).toEqual({ subject: 'wms-both-2', email: 'both@wms.example.com', userTypes: ['SELLER', 'WAREHOUSE'] });
    expect((await checkPassword({ email: 'seller@wms.example.com', password: WMS_PASSWORD, userType: 'WAREHOUSE' })).status).toBe(200);
  });

  it('a wrong password or an unknown email: 401; a closed account: 423 with the right password only', async () => {
    expect((await checkPassword({ email: 'seller@wms.example.com', password: 'not-the-password', userType: 'SELLER' })).status).toBe(401);
    expect((await checkPassword({ email: 'nobody@wms.example.com', password: WMS_PASSWORD, userType: 'SELLER' })).status).toBe(401);
    expect((await checkPassword({ email: 'closed@wms.example.com', password: WMS_PASSWORD, userType: 'WAREHOUSE' })).status).toBe(423);
    expect((await checkPassword({ email: 'closed@wms.example.com', password: 'not-the-password', userType: 'WAREHOUSE' })).status).toBe(401);
  });

  it('a lookup: open with who it is, closed as open: false, unknown as 404', async () => {
    expect(await lookUp('wms-both-2')).toEqual({
      status: 200,
      body: { subject: 'wms-both-2', email: 'both@wms.example.com', userTypes: ['SELLER', 'WAREHOUSE'], open: true },
    });
    expect(await lookUp('wms-closed-4')).toEqual({ status: 200, body: { subject: 'wms-closed-4', open: false } });
    expect((await lookUp('nobody')).status).toBe(404);
  });
});

describe('signatures', () => {
  const input = { email: 'seller@wms.example.com', password: WMS_PASSWORD, userType: 'SELLER' };
  const body = JSON.stringify(input);

  it("the portal's own signer (signed-requests.ts) is accepted, for a body and for a GET's empty one", async () => {
    const signer = requestSigner(SECRET);
    expect((await send('POST', '/portal/password-check', body, signer.sign(body))).status).toBe(200);
    expect((await send('GET', '/portal/accounts/wms-seller-1', '', signer.sign(''))).status).toBe(200);
  });

  it('400 for a tampered body, another secret, no headers, or a timestamp older than 5 minutes', async () => {
    const tampered = JSON.stringify({ ...input, email: 'both@wms.example.com' });
    expect((await send('POST', '/portal/password-check', tampered, signatureHeaders(SECRET, body))).status).toBe(400);
    expect((await checkPassword(input, signatureHeaders(newSecret(), body))).status).toBe(400);
    expect((await checkPassword(input, {})).status).toBe(400);
    const stale = new Date(Date.now() - 6 * 60 * 1000);
    expect((await checkPassword(input, signatureHeaders(SECRET, body, stale))).status).toBe(400);
    // Four minutes is within the window.
    expect((await checkPassword(input, signatureHeaders(SECRET, body, new Date(Date.now() - 4 * 60 * 1000)))).status).toBe(200);
    expect((await lookUp('wms-seller-1', signatureHeaders(newSecret(), ''))).status).toBe(400);
    expect((await lookUp('wms-seller-1', signatureHeaders(SECRET, '', stale))).status).toBe(400);
  });
});
