/** Imports: the seller sees {import, quotation}; the warehouse sees its own fields plus the quotation. */
import type { Queryable, Row } from '../../db/database.ts';
import type { Schemas } from '../../routes/operation-handler.ts';
import { iso, isoOrNull } from './dates.ts';
import { mapQuotation, quotationColumns } from './quotations.ts';
import type { Owner } from './owner.ts';
import { selectPage, type Page, type PageRequest } from './paging.ts';

const FROM = 'imports x JOIN quotations q ON q.id = x.quotation_id';
const COLUMNS = `x.id, x.status, x.imp_status, x.inb_status, x.seller_comment, x.seller_comment_date,
  x.warehouse_comment, x.warehouse_comment_date, x.created_at, x.updated_at, ${quotationColumns('q')}`;

function mapSellerImport(row: Row): Schemas['SellerImport'] {
  return {
    import: { id: Number(row.id), status: String(row.status), createdDate: iso(row.created_at), updatedDate: iso(row.updated_at) },
    quotation: mapQuotation(row),
  };
}

function mapWarehouseImport(row: Row): Schemas['WarehouseImport'] {
  return {
    id: Number(row.id),
    impStatus: String(row.imp_status),
    inbStatus: String(row.inb_status),
    sellerComment: row.seller_comment === null ? null : String(row.seller_comment),
    sellerCommentDate: isoOrNull(row.seller_comment_date),
    warehouseComment: row.warehouse_comment === null ? null : String(row.warehouse_comment),
    warehouseCommentDate: isoOrNull(row.warehouse_comment_date),
    quotation: mapQuotation(row),
  };
}

async function one(db: Queryable, owner: Owner, id: number): Promise<Row | undefined> {
  return (await db.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE x.id = $1 AND x.${owner.column} = $2`, [id, owner.id]))[0];
}

export async function listSellerImports(db: Queryable, owner: Owner, request: PageRequest): Promise<Page<Schemas['SellerImport']>> {
  const page = await selectPage(db, owner, request, FROM, COLUMNS);
  return { ...page, rows: page.rows.map(mapSellerImport) };
}

export async function getSellerImport(db: Queryable, owner: Owner, id: number): Promise<Schemas['SellerImport'] | undefined> {
  const row = await one(db, owner, id);
  return row && mapSellerImport(row);
}

export async function listWarehouseImports(db: Queryable, owner: Owner, request: PageRequest): Promise<Page<Schemas['WarehouseImport']>> {
  const page = await selectPage(db, owner, request, FROM, COLUMNS);
  return { ...page, rows: page.rows.map(mapWarehouseImport) };
}

export async function getWarehouseImport(db: Queryable, owner: Owner, id: number): Promise<Schemas['WarehouseImport'] | undefined> {
  const row = await one(db, owner, id);
  return row && mapWarehouseImport(row);
}
