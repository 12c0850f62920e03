/**
 * LISTEN on a dedicated PostgreSQL connection for what other replicas (or plain SQL) changed, so each
 * replica's caches evict within milliseconds:
 *   - token_revoked (migration 003): a token id whose verified row may be cached;
 *   - owner_data_changed (migration 005): an owner whose public API answers may be cached
 * (the subscribers are the public call's: public-api/cache-subscribers.ts).
 * While the connection is down every cache is off (every request reads the database), and each is cleared
 * on loss, so a notification missed while disconnected can never leave stale data cached. Reconnects
 * every second until it is back.
 */
import pg from 'pg';

const RECONNECT_MS = 1_000;
/** How the listener's connection shows in pg_stat_activity (tests drop it to see the caches go off). */
export const LISTENER_APPLICATION_NAME = 'portal-cache-listener';

/** A cache kept in step by one channel's notifications. */
export interface NotificationSubscriber {
  channel: string;
  onNotification(payload: string): void;
  /** Off (and cleared) while the connection is down; on once LISTEN runs again. */
  setEnabled(enabled: boolean): void;
}

export interface PostgresListener {
  close(): Promise<void>;
}

export async function listenForChanges(
  connectionString: string,
  subscribers: readonly NotificationSubscriber[],
  onError: (error: unknown) => void,
): Promise<PostgresListener> {
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const byChannel = new Map(subscribers.map((subscriber) => [subscriber.channel, subscriber]));
  const setEnabled = (enabled: boolean) => {
    for (const subscriber of subscribers) subscriber.setEnabled(enabled);
  };

  const lost = (failed: pg.Client, error?: unknown) => {
    if (client !== failed) return;
    client = undefined;
    setEnabled(false);
    if (error !== undefined) onError(error);
    failed.end().catch(() => undefined);
    if (closed) return;
    timer = setTimeout(() => void connect(), RECONNECT_MS);
    timer.unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => byChannel.get(message.channel)?.onNotification(message.payload ?? ''));
    try {
      await next.connect();
      for (const channel of byChannel.keys()) await next.query(`LISTEN ${channel}`);
      if (client === next && !closed) setEnabled(true);
    } catch (error) {
      lost(next, error);
    }
  }

  setEnabled(false);
  await connect();
  return {
    async close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      const current = client;
      client = undefined;
      setEnabled(false);
      await current?.end().catch(() => undefined);
    },
  };
}
