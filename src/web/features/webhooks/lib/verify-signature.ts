/**
 * Checks a Standard Webhooks signature in the browser, nothing sent anywhere: HMAC-SHA256 over
 * `webhook-id.webhook-timestamp.body`, keyed with the base64-decoded part of the secret after `whsec_`,
 * compared with each `v1,` signature of the `webhook-signature` header (a rotated endpoint sends two), and a
 * timestamp within 5 minutes of now, as the `standardwebhooks` libraries check it.
 * https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md#verifying-webhook-authenticity
 */

export const SECRET_PREFIX = 'whsec_';
/** The libraries' tolerance, both ways. */
export const TOLERANCE_SECONDS = 5 * 60;

export interface SignatureInput {
  payload: string;
  id: string;
  timestamp: string;
  signature: string;
  secret: string;
}

export type SignatureFailure =
  'missing-id' | 'malformed-secret' | 'malformed-timestamp' | 'no-v1-signature' | 'signature-mismatch' | 'timestamp-too-old' | 'timestamp-in-future';

export type SignatureVerdict = { valid: true } | { valid: false; reason: SignatureFailure; message: string };

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function fail(reason: SignatureFailure, message: string): SignatureVerdict {
  return { valid: false, reason, message };
}

function secretKey(secret: string): Uint8Array | null {
  const trimmed = secret.trim();
  if (!trimmed.startsWith(SECRET_PREFIX)) return null;
  const encoded = trimmed.slice(SECRET_PREFIX.length);
  if (encoded === '' || !BASE64.test(encoded)) return null;
  return Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
}

function toBase64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

/** The `v1,` signature the secret gives a message: what a sender puts in `webhook-signature`. */
export async function signatureOf(secretBytes: Uint8Array, id: string, timestamp: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', secretBytes as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${payload}`));
  return toBase64(mac);
}

export async function verifySignature(input: SignatureInput, now: Date = new Date()): Promise<SignatureVerdict> {
  const id = input.id.trim();
  if (id === '') return fail('missing-id', 'The webhook-id header is empty; paste the value the delivery carried.');
  const key = secretKey(input.secret);
  if (key === null) return fail('malformed-secret', `The secret is malformed: it is "${SECRET_PREFIX}" followed by base64, as shown on the endpoint.`);
  const timestamp = input.timestamp.trim();
  if (!/^\d{1,15}$/.test(timestamp)) return fail('malformed-timestamp', 'The webhook-timestamp header is not a number of seconds since 1970.');
  const offered = input.signature
    .trim()
    .split(/\s+/)
    .filter((part) => part.startsWith('v1,'))
    .map((part) => part.slice('v1,'.length));
  if (offered.length === 0) return fail('no-v1-signature', 'The webhook-signature header has no "v1," signature.');
  const expected = await signatureOf(key, id, timestamp, input.payload);
  if (!offered.includes(expected)) {
    return fail(
      'signature-mismatch',
      'Signature mismatch: the payload, id, timestamp or secret is not the one that was signed (the payload must be byte for byte as received).',
    );
  }
  const age = Math.floor(now.getTime() / 1000) - Number(timestamp);
  if (age > TOLERANCE_SECONDS)
    return fail('timestamp-too-old', 'The signature matches, but the timestamp is more than 5 minutes old: a receiver refuses it as a possible replay.');
  if (age < -TOLERANCE_SECONDS)
    return fail('timestamp-in-future', 'The signature matches, but the timestamp is more than 5 minutes in the future: check the clocks.');
  return { valid: true };
}
