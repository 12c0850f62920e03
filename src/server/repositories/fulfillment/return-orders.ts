import type { Queryable, Row } from '../../db/database.ts';
import type { Schemas } from '../../routes/operation-handler.ts';
import { isoOrNull } from './dates.ts';
import { productsColumn } from './order-products.ts';
import type { Owner } from './owner.ts';
import { selectPage, type Page, type PageRequest } from './paging.ts';

const COLUMNS = `x.id, x.return_status, x.warehouse_return_status, x.return_reason, x.return_type, x.process_type,
  x.quantity, x.return_to_seller, x.recipient_name, x.recipient_phone, x.return_address, x.city, x.state,
  x.country, x.postal_code, x.detail_return_address, x.detail_return_address2, x.comment, x.courier,
  x.tracking_number, x.warehouse_update_date, x.information_order_return, ${productsColumn('return_items', 'return_id')}`;

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

function mapReturn(row: Row): Schemas['ReturnOrder'] {
  return {
    id: Number(row.id),
    returnStatus: String(row.return_status),
    warehouseReturnStatus: String(row.warehouse_return_status),
    returnReason: String(row.return_reason),
    returnType: String(row.return_type),
    processType: String(row.process_type),
    quantity: Number(row.quantity),
    returnToSeller: row.return_to_seller === true,
    recipientName: String(row.recipient_name),
    recipientPhone: String(row.recipient_phone),
    returnAddress: String(row.return_address),
    city: String(row.city),
    state: text(row.state),
    country: String(row.country),
    postalCode: String(row.postal_code),
    detailReturnAddress: text(row.detail_return_address),
    detailReturnAddress2: text(row.detail_return_address2),
    comment: text(row.comment),
    courier: text(row.courier),
    trackingNumber: text(row.tracking_number),
    warehouseUpdateDate: isoOrNull(row.warehouse_update_date),
    informationOrderReturn: (row.information_order_return ?? {}) as Record<string, unknown>,
    products: (row.products ?? []) as Schemas['OrderProduct'][],
  };
}

export async function listReturnOrders(db: Queryable, owner: Owner, request: PageRequest): Promise<Page<Schemas['ReturnOrder']>> {
  const page = await selectPage(db, owner, request, 'return_orders x', COLUMNS);
  return { ...page, rows: page.rows.map((row) => mapReturn(row)) };
}

export async function getReturnOrder(db: Queryable, owner: Owner, id: number): Promise<Schemas['ReturnOrder'] | undefined> {
  const [row] = await db.query(`SELECT ${COLUMNS} FROM return_orders x WHERE x.id = $1 AND x.${owner.column} = $2`, [id, owner.id]);
  if (row === undefined) return undefined;
  return mapReturn(row);
}
