/**
 * The Redis (or Valkey) the tests count rate limits in: 127.0.0.1:6379, which `.ci/run` starts when it is
 * down. Each test takes a key prefix of its own and deletes its keys after, so runs never see each other's.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** A key prefix no other run uses. */
export function uniqueRedisPrefix(): string {
  return `test-rate:${randomBytes(6).toString('hex')}`;
}

/** Deletes every key under `prefix` (`<prefix>:<token id>`); returns how many there were. */
export async function deleteRedisKeys(prefix: string): Promise<number> {
  const client = new Redis(TEST_REDIS_URL);
  try {
    const keys: string[] = [];
    for await (const batch of client.scanStream({ match: `${prefix}:*`, count: 100 })) keys.push(...(batch as string[]));
    if (keys.length > 0) await client.del(...keys);
    return keys.length;
  } finally {
    client.disconnect();
  }
}
