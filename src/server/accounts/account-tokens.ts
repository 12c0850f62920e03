/**
 * A closed or reopened account changes what its tokens may do. PostgreSQL tells every replica through the
 * users trigger of migration 010 (NOTIFY token_revoked per token); this process evicts them itself at once,
 * which is all there is on the embedded database.
 */
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { tokenIdsOf } from '../repositories/api-tokens-repository.ts';

export async function evictAccountTokens(ctx: Pick<ServerContext, 'tokenCache'>, db: Queryable, userId: number): Promise<void> {
  for (const id of await tokenIdsOf(db, userId)) ctx.tokenCache.evictToken(id);
}
