/**
 * Paging by each owner's dense list position (migrations/002): the page is an index range scan and the
 * last page is max(position), both on the (owner, position) unique index, so a page costs the same at
 * row 10 and at row 10 million. See docs/decisions/001-paging-by-owner-sequence.md.
 */
import type { Queryable, Row } from '../../db/database.ts';
import type { Owner } from './owner.ts';

const MAX_INT4 = 2_147_483_647;

export interface PageRequest {
  page: number;
  size: number;
}

export interface Page<R> {
  page: number;
  size: number;
  lastPage: number;
  rows: R[];
}

/**
 * @param from  table expression whose owned table has alias `x` (e.g. "normal_orders x")
 * @param select select list over `x` (and joined aliases)
 */
export async function selectPage<R extends Row>(
  db: Queryable,
  owner: Owner,
  request: PageRequest,
  from: string,
  select: string,
): Promise<Page<R>> {
  const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
    `SELECT COALESCE(MAX(x.${owner.seqColumn}), 0) AS total FROM ${from} WHERE x.${owner.column} = $1`,
    [owner.id],
  );
  const lastPage = total === 0 ? 0 : Math.ceil(total / request.size) - 1;
  const start = request.page * request.size;
  const rows =
    start >= total || start > MAX_INT4
      ? []
      : await db.query<R>(
          `SELECT ${select} FROM ${from}
            WHERE x.${owner.column} = $1 AND x.${owner.seqColumn} > $2
            ORDER BY x.${owner.seqColumn} LIMIT $3`,
          [owner.id, start, request.size],
        );
  return { page: request.page, size: request.size, lastPage, rows };
}

/** Ids beyond int4 cannot exist; answering 404 without a query also keeps the database from erroring. */
export function isStorableId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_INT4;
}
