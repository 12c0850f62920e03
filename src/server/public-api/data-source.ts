/**
 * Where a sandbox call's answer comes from, once decideCall has admitted it (access-decision.ts): the
 * sandbox tables (sandbox-source.ts). A live token's call is not read from a source of this shape: it is
 * forwarded to the provider's API with its status, ETag and conditional request (live-calls.ts), chosen
 * per call by the token's environment in handlers.ts, with the hooks and the request log unchanged.
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
