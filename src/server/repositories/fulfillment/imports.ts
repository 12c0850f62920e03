/** Imports: the seller sees {import, quotation}; the warehouse sees its own fields plus the quotation. */
import type { Queryable } from '../../db/database.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { isoSql, objectSql } from './json-sql.ts';
import { quotationJson } from './quotations.ts';
import type { Owner } from './owner.ts';
import { selectDetail, selectPage, type JsonPage, type PageRequest } from './paging.ts';

const FROM = 'imports x JOIN quotations q ON q.id = x.quotation_id';

const SELLER_JSON = objectSql<Schemas['SellerImport']>({
  import: objectSql<Schemas['ImportSummary']>({
    id: 'x.id',
    status: 'x.status',
    createdDate: isoSql('x.created_at'),
    updatedDate: isoSql('x.updated_at'),
  }),
  quotation: quotationJson('q'),
});

const WAREHOUSE_JSON = objectSql<Schemas['WarehouseImport']>({
  id: 'x.id',
  impStatus: 'x.imp_status',
  inbStatus: 'x.inb_status',
  sellerComment: 'x.seller_comment',
  sellerCommentDate: isoSql('x.seller_comment_date'),
  warehouseComment: 'x.warehouse_comment',
  warehouseCommentDate: isoSql('x.warehouse_comment_date'),
  quotation: quotationJson('q'),
});

export function listSellerImports(db: Queryable, owner: Owner, request: PageRequest): Promise<JsonPage> {
  return selectPage(db, owner, request, FROM, SELLER_JSON);
}

export function getSellerImport(db: Queryable, owner: Owner, id: number): Promise<string | undefined> {
  return selectDetail(db, owner, id, FROM, SELLER_JSON);
}

export function listWarehouseImports(db: Queryable, owner: Owner, request: PageRequest): Promise<JsonPage> {
  return selectPage(db, owner, request, FROM, WAREHOUSE_JSON);
}

export function getWarehouseImport(db: Queryable, owner: Owner, id: number): Promise<string | undefined> {
  return selectDetail(db, owner, id, FROM, WAREHOUSE_JSON);
}
