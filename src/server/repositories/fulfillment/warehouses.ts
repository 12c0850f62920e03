/** The warehouses a seller works with, each with the seller's quotations there. */
import type { Queryable, Row } from '../../db/database.ts';
import type { Schemas } from '../../routes/operation-handler.ts';
import { mapQuotation, quotationColumns } from './quotations.ts';
import type { Owner } from './owner.ts';
import { selectPage, type Page, type PageRequest } from './paging.ts';

const COLUMNS =
  'w.id, w.name, w.email, w.address, w.phone_number, w.website_url, w.scale, w.country_code, w.manager_name';
const FROM = 'seller_warehouses x JOIN warehouses w ON w.id = x.warehouse_id';

function mapWarehouse(row: Row, quotations: Schemas['Quotation'][]): Schemas['Warehouse'] {
  return {
    id: Number(row.id),
    name: String(row.name),
    email: String(row.email),
    address: String(row.address),
    phoneNumber: String(row.phone_number),
    websiteUrl: row.website_url === null ? null : String(row.website_url),
    scale: row.scale as Schemas['Warehouse']['scale'],
    countryCode: String(row.country_code),
    managerName: String(row.manager_name),
    quotation: quotations,
  };
}

async function withQuotations(db: Queryable, sellerId: number, rows: Row[]): Promise<Schemas['Warehouse'][]> {
  if (rows.length === 0) return [];
  const quotations = await db.query(
    `SELECT x.warehouse_id, ${quotationColumns('x')} FROM quotations x
      WHERE x.seller_id = $1 AND x.warehouse_id = ANY($2::int[]) ORDER BY x.warehouse_id, x.id`,
    [sellerId, rows.map((row) => Number(row.id))],
  );
  const byWarehouse = new Map<number, Schemas['Quotation'][]>();
  for (const row of quotations) {
    const id = Number(row.warehouse_id);
    byWarehouse.set(id, [...(byWarehouse.get(id) ?? []), mapQuotation(row)]);
  }
  return rows.map((row) => mapWarehouse(row, byWarehouse.get(Number(row.id)) ?? []));
}

export async function listSellerWarehouses(db: Queryable, owner: Owner, request: PageRequest): Promise<Page<Schemas['Warehouse']>> {
  const page = await selectPage(db, owner, request, FROM, COLUMNS);
  return { ...page, rows: await withQuotations(db, owner.id, page.rows) };
}

export async function getSellerWarehouse(db: Queryable, owner: Owner, id: number): Promise<Schemas['Warehouse'] | undefined> {
  const rows = await db.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE x.seller_id = $1 AND x.warehouse_id = $2`, [owner.id, id]);
  return (await withQuotations(db, owner.id, rows))[0];
}
