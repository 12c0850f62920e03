import type { Queryable } from '../../db/database.ts';
import { isoSql, objectSql } from './json-sql.ts';
import { productsJson } from './order-products.ts';
import type { Owner } from './owner.ts';
import { selectDetail, selectPage, type JsonPage, type PageRequest } from './paging.ts';

/** NormalOrder; the detail view (NormalOrderDetail) adds warehouseStatus. */
function orderJson(detail: boolean): string {
  return objectSql([
    ['id', 'x.id'],
    ['orderNumber', 'x.order_number'],
    ['orderDate', isoSql('x.order_date')],
    ['status', 'x.status'],
    ['sellerStatus', 'x.seller_status'],
    ...(detail ? ([['warehouseStatus', 'x.warehouse_status']] as Array<[string, string]>) : []),
    ['saleChannel', 'x.sale_channel'],
    ['dangerous', 'x.dangerous'],
    ['buyerName', 'x.buyer_name'],
    ['buyerEmail', 'x.buyer_email'],
    ['recipientName', 'x.recipient_name'],
    ['recipientPhone', 'x.recipient_phone'],
    ['recipientCountryCode', 'x.recipient_country_code'],
    ['shippingAddress', 'x.shipping_address'],
    ['city', 'x.city'],
    ['state', 'x.state'],
    ['country', 'x.country'],
    ['postalCode', 'x.postal_code'],
    ['detailAddress', 'x.detail_address'],
    ['detailAddress2', 'x.detail_address2'],
    ['packagingMethod', 'x.packaging_method'],
    ['shippingMethod', 'x.shipping_method'],
    ['courier', 'x.courier'],
    ['trackingNumber', 'x.tracking_number'],
    ['sellerComment', 'x.seller_comment'],
    ['warehouseComment', 'x.warehouse_comment'],
    ['packageNumber', 'x.package_number'],
    ['informationOrder', 'x.information_order'],
    ['products', productsJson('order_items', 'order_id')],
  ]);
}
const LIST_JSON = orderJson(false);
const DETAIL_JSON = orderJson(true);

export function listNormalOrders(db: Queryable, owner: Owner, request: PageRequest): Promise<JsonPage> {
  return selectPage(db, owner, request, 'normal_orders x', LIST_JSON);
}

export function getNormalOrder(db: Queryable, owner: Owner, id: number): Promise<string | undefined> {
  return selectDetail(db, owner, id, 'normal_orders x', DETAIL_JSON);
}
