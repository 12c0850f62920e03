import type { Queryable } from '../../db/database.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { isoSql, objectSql } from './json-sql.ts';
import { productsJson } from './order-products.ts';
import type { Owner } from './owner.ts';
import { selectDetail, selectPage, type JsonPage, type PageRequest } from './paging.ts';

const JSON_SQL = objectSql<Schemas['ReturnOrder']>({
  id: 'x.id',
  returnStatus: 'x.return_status',
  warehouseReturnStatus: 'x.warehouse_return_status',
  returnReason: 'x.return_reason',
  returnType: 'x.return_type',
  processType: 'x.process_type',
  quantity: 'x.quantity',
  returnToSeller: 'x.return_to_seller',
  recipientName: 'x.recipient_name',
  recipientPhone: 'x.recipient_phone',
  returnAddress: 'x.return_address',
  city: 'x.city',
  state: 'x.state',
  country: 'x.country',
  postalCode: 'x.postal_code',
  detailReturnAddress: 'x.detail_return_address',
  detailReturnAddress2: 'x.detail_return_address2',
  comment: 'x.comment',
  courier: 'x.courier',
  trackingNumber: 'x.tracking_number',
  warehouseUpdateDate: isoSql('x.warehouse_update_date'),
  informationOrderReturn: 'x.information_order_return',
  products: productsJson('return_items', 'return_id'),
});

export function listReturnOrders(db: Queryable, owner: Owner, request: PageRequest): Promise<JsonPage> {
  return selectPage(db, owner, request, 'return_orders x', JSON_SQL);
}

export function getReturnOrder(db: Queryable, owner: Owner, id: number): Promise<string | undefined> {
  return selectDetail(db, owner, id, 'return_orders x', JSON_SQL);
}
