import type { Queryable, Row } from '../../db/database.ts';
import type { Schemas } from '../../routes/operation-handler.ts';
import { iso } from './dates.ts';
import { productsColumn } from './order-products.ts';
import type { Owner } from './owner.ts';
import { selectPage, type Page, type PageRequest } from './paging.ts';

const COLUMNS = `x.id, x.order_number, x.order_date, x.status, x.seller_status, x.warehouse_status, x.sale_channel,
  x.dangerous, x.buyer_name, x.buyer_email, x.recipient_name, x.recipient_phone, x.recipient_country_code,
  x.shipping_address, x.city, x.state, x.country, x.postal_code, x.detail_address, x.detail_address2,
  x.packaging_method, x.shipping_method, x.courier, x.tracking_number, x.seller_comment, x.warehouse_comment,
  x.package_number, x.information_order, ${productsColumn('order_items', 'order_id')}`;

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

function mapOrder(row: Row): Schemas['NormalOrder'] {
  return {
    id: Number(row.id),
    orderNumber: String(row.order_number),
    orderDate: iso(row.order_date),
    status: String(row.status),
    sellerStatus: String(row.seller_status),
    saleChannel: String(row.sale_channel),
    dangerous: row.dangerous === true,
    buyerName: String(row.buyer_name),
    buyerEmail: text(row.buyer_email),
    recipientName: String(row.recipient_name),
    recipientPhone: String(row.recipient_phone),
    recipientCountryCode: String(row.recipient_country_code),
    shippingAddress: String(row.shipping_address),
    city: String(row.city),
    state: text(row.state),
    country: String(row.country),
    postalCode: String(row.postal_code),
    detailAddress: text(row.detail_address),
    detailAddress2: text(row.detail_address2),
    packagingMethod: String(row.packaging_method),
    shippingMethod: String(row.shipping_method),
    courier: text(row.courier),
    trackingNumber: text(row.tracking_number),
    sellerComment: text(row.seller_comment),
    warehouseComment: text(row.warehouse_comment),
    packageNumber: text(row.package_number),
    informationOrder: (row.information_order ?? {}) as Record<string, unknown>,
    products: (row.products ?? []) as Schemas['OrderProduct'][],
  };
}

export async function listNormalOrders(db: Queryable, owner: Owner, request: PageRequest): Promise<Page<Schemas['NormalOrder']>> {
  const page = await selectPage(db, owner, request, 'normal_orders x', COLUMNS);
  return { ...page, rows: page.rows.map((row) => mapOrder(row)) };
}

export async function getNormalOrder(db: Queryable, owner: Owner, id: number): Promise<Schemas['NormalOrderDetail'] | undefined> {
  const [row] = await db.query(`SELECT ${COLUMNS} FROM normal_orders x WHERE x.id = $1 AND x.${owner.column} = $2`, [id, owner.id]);
  if (row === undefined) return undefined;
  return { ...mapOrder(row), warehouseStatus: String(row.warehouse_status) };
}
