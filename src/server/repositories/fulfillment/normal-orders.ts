import type { Queryable } from '../../db/database.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { isoSql, objectSql, type FieldSql } from './json-sql.ts';
import { productsJson } from './order-products.ts';
import type { Owner } from './owner.ts';
import { selectDetail, selectPage, type JsonPage, type PageRequest } from './paging.ts';

type NormalOrderFields = Partial<FieldSql<Schemas['NormalOrder']>>;

/** NormalOrder's fields up to sellerStatus: the detail view (NormalOrderDetail) adds warehouseStatus after them. */
const HEAD = {
  id: 'x.id',
  orderNumber: 'x.order_number',
  orderDate: isoSql('x.order_date'),
  status: 'x.status',
  sellerStatus: 'x.seller_status',
} satisfies NormalOrderFields;

const TAIL = {
  saleChannel: 'x.sale_channel',
  dangerous: 'x.dangerous',
  buyerName: 'x.buyer_name',
  buyerEmail: 'x.buyer_email',
  recipientName: 'x.recipient_name',
  recipientPhone: 'x.recipient_phone',
  recipientCountryCode: 'x.recipient_country_code',
  shippingAddress: 'x.shipping_address',
  city: 'x.city',
  state: 'x.state',
  country: 'x.country',
  postalCode: 'x.postal_code',
  detailAddress: 'x.detail_address',
  detailAddress2: 'x.detail_address2',
  packagingMethod: 'x.packaging_method',
  shippingMethod: 'x.shipping_method',
  courier: 'x.courier',
  trackingNumber: 'x.tracking_number',
  sellerComment: 'x.seller_comment',
  warehouseComment: 'x.warehouse_comment',
  packageNumber: 'x.package_number',
  informationOrder: 'x.information_order',
  products: productsJson('order_items', 'order_id'),
} satisfies NormalOrderFields;

const LIST_JSON = objectSql<Schemas['NormalOrder']>({ ...HEAD, ...TAIL });
const DETAIL_JSON = objectSql<Schemas['NormalOrderDetail']>({ ...HEAD, warehouseStatus: 'x.warehouse_status', ...TAIL });

export function listNormalOrders(db: Queryable, owner: Owner, request: PageRequest): Promise<JsonPage> {
  return selectPage(db, owner, request, 'normal_orders x', LIST_JSON);
}

export function getNormalOrder(db: Queryable, owner: Owner, id: number): Promise<string | undefined> {
  return selectDetail(db, owner, id, 'normal_orders x', DETAIL_JSON);
}
