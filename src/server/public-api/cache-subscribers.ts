/**
 * The public call's caches kept in step with the database: a revoked or changed token leaves the token
 * cache, a changed owner's answers leave the response cache. On PostgreSQL through each replica's LISTEN
 * connection (db/postgres-listener.ts); on PGlite through its own connection, for data changes only (token
 * changes are evicted where they are made).
 */
import type { Database } from '../db/database.ts';
import type { NotificationSubscriber } from '../db/postgres-listener.ts';
import { EVERY_OWNER, type ResponseCache } from './response-cache.ts';
import type { TokenCache } from './token-cache.ts';

export function tokenRevocations(cache: TokenCache): NotificationSubscriber {
  return {
    channel: 'token_revoked',
    onNotification(payload) {
      const id = Number(payload);
      if (Number.isInteger(id)) cache.evictToken(id);
      else cache.clear();
    },
    setEnabled: (enabled) => cache.setEnabled(enabled),
  };
}

export function ownerDataChanges(cache: ResponseCache): NotificationSubscriber {
  return {
    channel: 'owner_data_changed',
    onNotification: (payload) => cache.evictOwner(payload === '' ? EVERY_OWNER : payload),
    setEnabled: (enabled) => cache.setEnabled(enabled),
  };
}

/** PGlite's in-process notifications of changed fulfillment data. */
export async function listenInProcess(db: Database, cache: ResponseCache): Promise<void> {
  const subscriber = ownerDataChanges(cache);
  await db.listen?.(subscriber.channel, (payload) => subscriber.onNotification(payload));
}
