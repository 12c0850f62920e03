/**
 * Where a public call's answer comes from, once decideCall has admitted it (access-decision.ts). Today
 * only the sandbox tables (sandbox-source.ts); a proxy to the provider's own API for live tokens
 * (UPSTREAM_API_URL) is one more implementation of this interface, chosen per call by the token's
 * environment, with the handlers, the response cache and the request log unchanged.
 */
import type { Queryable } from '../db/database.ts';
import type { Owner } from '../repositories/fulfillment/owner.ts';
import type { PageRequest } from '../repositories/fulfillment/paging.ts';

/** How one public operation is read: a page of a list, or one entity by its id. Answers are the spec's JSON, as text. */
export type PublicRead =
  | { kind: 'list'; load(db: Queryable, owner: Owner, page: PageRequest): Promise<string> }
  /** `entity` names it in the 404 message; undefined: the owner has no such entity. */
  | { kind: 'detail'; entity: string; load(db: Queryable, owner: Owner, id: number): Promise<string | undefined> };

export interface PublicDataSource<OperationId extends string = string> {
  readonly reads: Readonly<Record<OperationId, PublicRead>>;
}
