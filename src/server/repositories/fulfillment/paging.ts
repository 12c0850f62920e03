/**
 * Paging by each owner's dense list position (migrations/002): the page is an index range scan and the
 * last page is max(position), both on the (owner, position) unique index, so a page costs the same at
 * row 10 and at row 10 million. See docs/decisions/001-paging-by-owner-sequence.md.
 */
import type { Queryable } from '../../db/database.ts';
import type { Owner } from './owner.ts';

const MAX_INT4 = 2_147_483_647;

export interface PageRequest {
  page: number;
  size: number;
}

/** A page whose rows are already the spec's JSON (an array's text). */
export interface JsonPage {
  page: number;
  size: number;
  lastPage: number;
  data: string;
}

/**
 * @param from table expression whose owned table has alias `x` (e.g. "normal_orders x")
 * @param json SQL building one row's JSON object (see json-sql.ts)
 */
export async function selectPage(db: Queryable, owner: Owner, request: PageRequest, from: string, json: string): Promise<JsonPage> {
  // One round trip: the last position (for lastPage) and the page's rows as one JSON array.
  const start = Math.min(request.page * request.size, MAX_INT4);
  const [row] = await db.query<{ total: number; data: string }>(
    `WITH page AS (
       SELECT x.${owner.seqColumn} AS position, ${json} AS item FROM ${from}
        WHERE x.${owner.column} = $1 AND x.${owner.seqColumn} > $2
        ORDER BY x.${owner.seqColumn} LIMIT $3
     )
     SELECT (SELECT COALESCE(MAX(x.${owner.seqColumn}), 0) FROM ${from} WHERE x.${owner.column} = $1) AS total,
            COALESCE((SELECT json_agg(item ORDER BY position) FROM page), '[]'::json)::text AS data`,
    [owner.id, start, request.size],
  );
  const total = Number(row?.total ?? 0);
  return {
    page: request.page,
    size: request.size,
    lastPage: total === 0 ? 0 : Math.ceil(total / request.size) - 1,
    data: row?.data ?? '[]',
  };
}

/** One owned row's JSON text, or undefined when the id is not the owner's. */
export async function selectDetail(db: Queryable, owner: Owner, id: number, from: string, json: string): Promise<string | undefined> {
  const rows = await db.query<{ item: string }>(`SELECT ${json}::text AS item FROM ${from} WHERE x.id = $1 AND x.${owner.column} = $2`, [id, owner.id]);
  return rows[0]?.item;
}

/** Ids beyond int4 cannot exist; answering 404 without a query also keeps the database from erroring. */
export function isStorableId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_INT4;
}
