/** The warehouses a seller works with, each with the seller's quotations there. */
import type { Queryable } from '../../db/database.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { objectSql } from './json-sql.ts';
import { quotationJson } from './quotations.ts';
import type { Owner } from './owner.ts';
import { selectPage, type JsonPage, type PageRequest } from './paging.ts';

const FROM = 'seller_warehouses x JOIN warehouses w ON w.id = x.warehouse_id';
const JSON_SQL = objectSql<Schemas['Warehouse']>({
  id: 'w.id',
  name: 'w.name',
  email: 'w.email',
  address: 'w.address',
  phoneNumber: 'w.phone_number',
  websiteUrl: 'w.website_url',
  scale: 'w.scale',
  countryCode: 'w.country_code',
  managerName: 'w.manager_name',
  quotation: `(SELECT COALESCE(json_agg(${quotationJson('q')} ORDER BY q.id), '[]'::json)
        FROM quotations q WHERE q.seller_id = x.seller_id AND q.warehouse_id = w.id)`,
});

export function listSellerWarehouses(db: Queryable, owner: Owner, request: PageRequest): Promise<JsonPage> {
  return selectPage(db, owner, request, FROM, JSON_SQL);
}

export async function getSellerWarehouse(db: Queryable, owner: Owner, id: number): Promise<string | undefined> {
  const rows = await db.query<{ item: string }>(`SELECT ${JSON_SQL}::text AS item FROM ${FROM} WHERE x.seller_id = $1 AND x.warehouse_id = $2`, [owner.id, id]);
  return rows[0]?.item;
}
