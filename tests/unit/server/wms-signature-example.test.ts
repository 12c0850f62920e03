/**
 * The worked example of a signed request in docs/identity.md ("WMS: a signed password check") is right: the
 * portal's signer (identity/signed-requests.ts) makes its signature from its secret, id, timestamp and body,
 * and the `whsec_` form the document gives makes the same one in a library that decodes its secret.
 */
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { expect, it, vi } from 'vitest';
import { requestSigner } from '../../../src/server/identity/signed-requests.ts';

const doc = readFileSync(new URL('../../../docs/identity.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('## WMS: a signed password check'));
const find = (pattern: RegExp): string => {
  const match = pattern.exec(section);
  if (match?.[1] === undefined) throw new Error(`docs/identity.md has no ${pattern}`);
  return match[1];
};

it("docs/identity.md's worked example verifies, in raw and whsec_ form", () => {
  const secret = find(/With the secret `([^`]+)`/);
  const id = find(/^webhook-id: (\S+)$/m);
  const timestamp = find(/^webhook-timestamp: (\d+)$/m);
  const signature = find(/^webhook-signature: (\S+)$/m);
  const body = find(/^(\{"email".*\})$/m);
  const whsec = find(/is given\s+`(whsec_[^`]+)`/);

  vi.useFakeTimers({ now: Number(timestamp) * 1000 });
  try {
    expect(requestSigner(secret).verify(body, { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature })).toBe(true);
    expect(new Webhook(whsec).sign(id, new Date(Number(timestamp) * 1000), body)).toBe(signature);
    // Signed now with the portal's signer, the example's body verifies with the whsec_ form too.
    const headers = requestSigner(secret).sign(body);
    expect(() => new Webhook(whsec).verify(body, headers)).not.toThrow();
  } finally {
    vi.useRealTimers();
  }
});
