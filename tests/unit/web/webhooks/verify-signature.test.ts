/** The signature checker's verification agrees with the standardwebhooks library, and names each failure. */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifySignature, type SignatureInput } from '../../../../src/web/features/webhooks/lib/verify-signature';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const now = new Date('2026-11-29T08:14:03Z');
const payload = '{"id":"evt_2R7g0cPkq8VYtZ3mW1xBn4","type":"seller.normal_order.status_changed","data":{"résumé":"✓"}}';
const id = 'evt_2R7g0cPkq8VYtZ3mW1xBn4';

/** Headers as the library signs them, at `at`. */
function signed(at: Date = now, key = secret): SignatureInput {
  return { payload, id, timestamp: String(Math.floor(at.getTime() / 1000)), signature: new Webhook(key).sign(id, at, payload), secret };
}

describe('verifySignature', () => {
  it('accepts what standardwebhooks signs, non-ASCII payload included', async () => {
    expect(await verifySignature(signed(), now)).toEqual({ valid: true });
  });

  it('accepts when any of several signatures matches (a rotated secret signs twice)', async () => {
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    const input = signed();
    const input2 = signed(now, other);
    expect(await verifySignature({ ...input, signature: `${input2.signature} ${input.signature}` }, now)).toEqual({ valid: true });
  });

  it('agrees with the library on many random secrets and payloads', async () => {
    // The library checks the timestamp against the real clock.
    const current = new Date();
    for (let round = 0; round < 20; round += 1) {
      const key = `whsec_${randomBytes(32).toString('base64')}`;
      const body = JSON.stringify({ value: randomBytes(40).toString('hex') });
      const signature = new Webhook(key).sign(id, current, body);
      const timestamp = String(Math.floor(current.getTime() / 1000));
      expect(await verifySignature({ payload: body, id, timestamp, signature, secret: key }, current)).toEqual({ valid: true });
      // And the library agrees with what is accepted.
      expect(() => new Webhook(key).verify(body, { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature })).not.toThrow();
    }
  });

  const cases: [string, (input: SignatureInput) => SignatureInput, string][] = [
    ['an empty id', (input) => ({ ...input, id: ' ' }), 'missing-id'],
    ['a secret without whsec_', (input) => ({ ...input, secret: input.secret.slice('whsec_'.length) }), 'malformed-secret'],
    ['a secret that is not base64', (input) => ({ ...input, secret: 'whsec_not*base64' }), 'malformed-secret'],
    ['a timestamp that is not a number', (input) => ({ ...input, timestamp: '2026-11-29' }), 'malformed-timestamp'],
    ['no v1 signature', (input) => ({ ...input, signature: input.signature.replace('v1,', 'v2,') }), 'no-v1-signature'],
    ['a changed payload', (input) => ({ ...input, payload: `${input.payload} ` }), 'signature-mismatch'],
    ['another secret', (input) => ({ ...input, secret: `whsec_${randomBytes(32).toString('base64')}` }), 'signature-mismatch'],
  ];

  it.each(cases)('refuses %s', async (_, change, reason) => {
    const verdict = await verifySignature(change(signed()), now);
    expect(verdict).toMatchObject({ valid: false, reason });
  });

  it('refuses a timestamp more than 5 minutes old, and one more than 5 minutes ahead, as the library does', async () => {
    const old = signed(new Date(now.getTime() - 301_000));
    expect(await verifySignature(old, now)).toMatchObject({ valid: false, reason: 'timestamp-too-old' });
    const ahead = signed(new Date(now.getTime() + 301_000));
    expect(await verifySignature(ahead, now)).toMatchObject({ valid: false, reason: 'timestamp-in-future' });
    expect(await verifySignature(signed(new Date(now.getTime() - 299_000)), now)).toEqual({ valid: true });
  });
});
