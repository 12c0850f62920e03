/**
 * The Standard Webhooks signature of the provider integration API (openapi/provider/), both ways: the
 * portal signs its calls to the warehouse system and verifies the account events the provider sends,
 * with one shared secret (WMS_AUTH_SECRET, or ACCOUNT_EVENTS_SECRET for `ldap`).
 *
 * The HMAC key is the secret's UTF-8 bytes, used as they are (the package's "raw" format). Standard
 * Webhooks libraries that take a `whsec_…` secret get the same key from `whsec_` + base64 of those bytes.
 * The package's own raw-string form takes one byte per UTF-16 unit, which differs from UTF-8 past ASCII:
 * hence the bytes are encoded here.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export type SignatureHeaders = Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>;

export interface RequestSigner {
  /** The three headers for this exact body (`''` for a request without one). */
  sign(body: string): SignatureHeaders;
  /**
   * Whether the headers sign this exact body with the shared secret, within 5 minutes of now (the
   * package's tolerance). Never throws: a missing header is a failed check.
   */
  verify(body: Buffer | string, headers: Record<string, string | string[] | undefined>): boolean;
}

export function requestSigner(secret: string): RequestSigner {
  const webhook = new Webhook(new TextEncoder().encode(secret), { format: 'raw' });
  return {
    sign(body) {
      // `msg_` and 24 characters, as Standard Webhooks' own ids look.
      const id = `msg_${randomBytes(18).toString('base64url')}`;
      const now = new Date();
      return {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': webhook.sign(id, now, body),
      };
    },
    verify(body, headers) {
      const single: Record<string, string> = {};
      for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
        const value = headers[name];
        if (typeof value === 'string') single[name] = value;
      }
      try {
        webhook.verify(body, single, { jsonParse: false });
        return true;
      } catch {
        return false;
      }
    },
  };
}
