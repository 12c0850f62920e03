import type { Queryable, Row } from '../../db/database.ts';
import type { Schemas } from '../../routes/operation-handler.ts';
import { iso, isoOrNull } from './dates.ts';
import type { Owner } from './owner.ts';
import { selectPage, type Page, type PageRequest } from './paging.ts';

/** Quotation columns of table alias `a`, each prefixed `p` so a quotation can sit beside another row. */
export function quotationColumns(a: string, p = 'q_'): string {
  return [
    'id', 'shipment_detail', 'shipment_method', 'shipment_plan_etd', 'shipment_plan_eta', 'check_point',
    'progress_status', 'is_imported', 'warehouse_approved_date',
  ].map((column) => `${a}.${column} AS ${p}${column}`).join(', ');
}

export function mapQuotation(row: Row, p = 'q_'): Schemas['Quotation'] {
  return {
    id: Number(row[`${p}id`]),
    shipmentDetail: String(row[`${p}shipment_detail`]),
    shipmentMethod: row[`${p}shipment_method`] as Schemas['Quotation']['shipmentMethod'],
    shipmentPlanEtd: iso(row[`${p}shipment_plan_etd`]),
    shipmentPlanEta: iso(row[`${p}shipment_plan_eta`]),
    checkPoint: String(row[`${p}check_point`]),
    progressStatus: String(row[`${p}progress_status`]),
    isImported: row[`${p}is_imported`] === true,
    warehouseApprovedDate: isoOrNull(row[`${p}warehouse_approved_date`]),
  };
}

export async function listQuotations(db: Queryable, owner: Owner, request: PageRequest): Promise<Page<Schemas['Quotation']>> {
  const page = await selectPage(db, owner, request, 'quotations x', quotationColumns('x'));
  return { ...page, rows: page.rows.map((row) => mapQuotation(row)) };
}

export async function getQuotation(db: Queryable, owner: Owner, id: number): Promise<Schemas['Quotation'] | undefined> {
  const rows = await db.query(`SELECT ${quotationColumns('x')} FROM quotations x WHERE x.id = $1 AND x.${owner.column} = $2`, [id, owner.id]);
  return rows[0] && mapQuotation(rows[0]);
}
