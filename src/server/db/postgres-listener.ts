/**
 * LISTEN token_revoked on a dedicated PostgreSQL connection (migration 003 notifies on every change
 * that can revoke a token), so each replica evicts a revoked token from its cache within milliseconds.
 * While the connection is down the cache is off (every request reads the database), and it is cleared
 * on loss, so a notification missed while disconnected can never leave a revoked token cached.
 */
import pg from 'pg';
import type { TokenCache } from '../lib/token-cache.ts';

const RECONNECT_MS = 1_000;

export interface TokenRevocationListener {
  close(): Promise<void>;
}

export async function listenForTokenRevocations(
  connectionString: string,
  cache: TokenCache,
  onError: (error: unknown) => void,
): Promise<TokenRevocationListener> {
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const lost = (failed: pg.Client, error?: unknown) => {
    if (client !== failed) return;
    client = undefined;
    cache.setEnabled(false);
    if (error !== undefined) onError(error);
    failed.end().catch(() => undefined);
    if (closed) return;
    timer = setTimeout(() => void connect(), RECONNECT_MS);
    timer.unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel !== 'token_revoked') return;
      const id = Number(message.payload);
      if (Number.isInteger(id)) cache.evictToken(id);
      else cache.clear();
    });
    try {
      await next.connect();
      await next.query('LISTEN token_revoked');
      if (client === next && !closed) cache.setEnabled(true);
    } catch (error) {
      lost(next, error);
    }
  }

  cache.setEnabled(false);
  await connect();
  return {
    async close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      const current = client;
      client = undefined;
      cache.setEnabled(false);
      await current?.end().catch(() => undefined);
    },
  };
}
