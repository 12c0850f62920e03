/**
 * The Standard Webhooks headers of one attempt: the event id as `webhook-id` (the same on every retry and
 * replay, so a receiver can ignore what it has handled), the attempt's time, and one `v1,` signature per
 * secret that signs, space-separated: the current one, and for 24 hours after a rotation the previous one
 * too, so a receiver that still holds the old secret keeps verifying.
 */
import { Webhook } from 'standardwebhooks';

export type WebhookHeaders = Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>;

/** Signers by secret, so a busy endpoint's key is decoded once, not per delivery; emptied when it grows past a bound. */
const signers = new Map<string, Webhook>();
const SIGNERS_KEPT = 1_000;

function signerOf(secret: string): Webhook {
  let signer = signers.get(secret);
  if (signer === undefined) {
    if (signers.size >= SIGNERS_KEPT) signers.clear();
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return signer;
}

/** `secrets` are `whsec_…` values, the current one first. */
export function signedHeaders(eventId: string, payload: string, secrets: readonly string[], at: Date): WebhookHeaders {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => signerOf(secret).sign(eventId, at, payload)).join(' '),
  };
}
