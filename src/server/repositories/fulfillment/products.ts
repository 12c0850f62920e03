/** Products with the warehouse's inventory of them (seller products, warehouse inventory). */
import type { Queryable } from '../../db/database.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { isoSql, objectSql } from './json-sql.ts';
import type { Owner } from './owner.ts';
import { selectDetail, selectPage, type JsonPage, type PageRequest } from './paging.ts';

const JSON_SQL = objectSql<Schemas['Product']>({
  id: 'x.id',
  productName: 'x.product_name',
  width: 'x.width',
  height: 'x.height',
  length: 'x.length',
  demensionUnit: 'x.demension_unit',
  weight: 'x.weight',
  weightUnit: 'x.weight_unit',
  estimateQuantity: 'x.estimate_quantity',
  averageMonthSale: 'x.average_month_sale',
  sku: 'x.sku',
  eanUpc: 'x.ean_upc',
  asin: 'x.asin',
  packedMethod: 'x.packed_method',
  storageMethod: 'x.storage_method',
  dangerousGoods: 'x.dangerous_goods',
  lotProduct: 'x.lot_product',
  inventory: objectSql<Schemas['Inventory']>({
    deliveredDt: isoSql('x.delivered_dt'),
    location: 'x.location',
    estimatedQuantity: 'x.estimated_quantity',
    deliveredQuantity: 'x.delivered_quantity',
    availableQuantity: 'x.available_quantity',
    unAvailableQuantity: 'x.unavailable_quantity',
    inspectionResult: 'x.inspection_result',
    remainQuantity: 'x.remain_quantity',
    otherResultDetail: 'x.other_result_detail',
    orderRequestQuantity: 'x.order_request_quantity',
    orderCompleteQuantity: 'x.order_complete_quantity',
    returnDisposalQuantity: 'x.return_disposal_quantity',
  }),
});

export function listProducts(db: Queryable, owner: Owner, request: PageRequest): Promise<JsonPage> {
  return selectPage(db, owner, request, 'products x', JSON_SQL);
}

export function getProduct(db: Queryable, owner: Owner, id: number): Promise<string | undefined> {
  return selectDetail(db, owner, id, 'products x', JSON_SQL);
}
