/**
 * The random values of webhooks: event ids (`evt_` and 22 base62 characters, the spec's
 * WebhookEventEnvelope id) and signing secrets (`whsec_` and 32 random bytes in base64, the form Standard
 * Webhooks libraries take).
 */
import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 22 base62 characters hold about 131 bits. */
export function newEventId(): string {
  const bytes = randomBytes(22);
  let id = 'evt_';
  // 62 * 4 = 248: bytes at or above it are redrawn, so every character is equally likely.
  for (const byte of bytes) id += BASE62[byte < 248 ? byte % 62 : randomBelow62()];
  return id;
}

function randomBelow62(): number {
  for (;;) {
    const [byte = 255] = randomBytes(1);
    if (byte < 248) return byte % 62;
  }
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
