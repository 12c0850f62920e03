/** Products with the warehouse's inventory of them (seller products, warehouse inventory). */
import type { Queryable, Row } from '../../db/database.ts';
import type { Schemas } from '../../routes/operation-handler.ts';
import { isoOrNull } from './dates.ts';
import type { Owner } from './owner.ts';
import { selectPage, type Page, type PageRequest } from './paging.ts';

const COLUMNS = `x.id, x.product_name, x.width, x.height, x.length, x.demension_unit, x.weight, x.weight_unit,
  x.estimate_quantity, x.average_month_sale, x.sku, x.ean_upc, x.asin, x.packed_method, x.storage_method,
  x.dangerous_goods, x.lot_product, x.delivered_dt, x.location, x.estimated_quantity, x.delivered_quantity,
  x.available_quantity, x.unavailable_quantity, x.inspection_result, x.remain_quantity, x.other_result_detail,
  x.order_request_quantity, x.order_complete_quantity, x.return_disposal_quantity`;

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

function mapProduct(row: Row): Schemas['Product'] {
  return {
    id: Number(row.id),
    productName: String(row.product_name),
    width: Number(row.width),
    height: Number(row.height),
    length: Number(row.length),
    demensionUnit: row.demension_unit as Schemas['Product']['demensionUnit'],
    weight: Number(row.weight),
    weightUnit: row.weight_unit as Schemas['Product']['weightUnit'],
    estimateQuantity: Number(row.estimate_quantity),
    averageMonthSale: Number(row.average_month_sale),
    sku: String(row.sku),
    eanUpc: text(row.ean_upc),
    asin: text(row.asin),
    packedMethod: String(row.packed_method),
    storageMethod: String(row.storage_method),
    dangerousGoods: row.dangerous_goods === true,
    lotProduct: text(row.lot_product),
    inventory: {
      deliveredDt: isoOrNull(row.delivered_dt),
      location: text(row.location),
      estimatedQuantity: Number(row.estimated_quantity),
      deliveredQuantity: Number(row.delivered_quantity),
      availableQuantity: Number(row.available_quantity),
      unAvailableQuantity: Number(row.unavailable_quantity),
      inspectionResult: String(row.inspection_result),
      remainQuantity: Number(row.remain_quantity),
      otherResultDetail: text(row.other_result_detail),
      orderRequestQuantity: Number(row.order_request_quantity),
      orderCompleteQuantity: Number(row.order_complete_quantity),
      returnDisposalQuantity: Number(row.return_disposal_quantity),
    },
  };
}

export async function listProducts(db: Queryable, owner: Owner, request: PageRequest): Promise<Page<Schemas['Product']>> {
  const page = await selectPage(db, owner, request, 'products x', COLUMNS);
  return { ...page, rows: page.rows.map(mapProduct) };
}

export async function getProduct(db: Queryable, owner: Owner, id: number): Promise<Schemas['Product'] | undefined> {
  const rows = await db.query(`SELECT ${COLUMNS} FROM products x WHERE x.id = $1 AND x.${owner.column} = $2`, [id, owner.id]);
  return rows[0] && mapProduct(rows[0]);
}
