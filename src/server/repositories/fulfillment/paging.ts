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
  // One round trip: the last position (for lastPage) and the page's rows. LEFT JOIN keeps the total
  // when the page is past the end.
  const start = Math.min(request.page * request.size, MAX_INT4);
  const rows = await db.query<R & { total: number; page_position: number | null }>(
    `WITH total AS (
       SELECT COALESCE(MAX(x.${owner.seqColumn}), 0) AS total FROM ${from} WHERE x.${owner.column} = $1
     ), page AS (
       SELECT ${select}, x.${owner.seqColumn} AS page_position FROM ${from}
        WHERE x.${owner.column} = $1 AND x.${owner.seqColumn} > $2
        ORDER BY x.${owner.seqColumn} LIMIT $3
     )
     SELECT total.total, page.* FROM total LEFT JOIN page ON true ORDER BY page.page_position`,
    [owner.id, start, request.size],
  );
  const total = Number(rows[0]?.total ?? 0);
  const lastPage = total === 0 ? 0 : Math.ceil(total / request.size) - 1;
  return {
    page: request.page,
    size: request.size,
    lastPage,
    rows: rows.filter((row) => row.page_position !== null),
  };
}

/** Ids beyond int4 cannot exist; answering 404 without a query also keeps the database from erroring. */
export function isStorableId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_INT4;
}
