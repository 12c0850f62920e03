import type { Queryable } from '../../db/database.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { isoSql, objectSql } from './json-sql.ts';
import type { Owner } from './owner.ts';
import { selectDetail, selectPage, type JsonPage, type PageRequest } from './paging.ts';

/** The spec's Quotation for table alias `a`. */
export function quotationJson(a: string): string {
  return objectSql<Schemas['Quotation']>({
    id: `${a}.id`,
    shipmentDetail: `${a}.shipment_detail`,
    shipmentMethod: `${a}.shipment_method`,
    shipmentPlanEtd: isoSql(`${a}.shipment_plan_etd`),
    shipmentPlanEta: isoSql(`${a}.shipment_plan_eta`),
    checkPoint: `${a}.check_point`,
    progressStatus: `${a}.progress_status`,
    isImported: `${a}.is_imported`,
    warehouseApprovedDate: isoSql(`${a}.warehouse_approved_date`),
  });
}

export function listQuotations(db: Queryable, owner: Owner, request: PageRequest): Promise<JsonPage> {
  return selectPage(db, owner, request, 'quotations x', quotationJson('x'));
}

export function getQuotation(db: Queryable, owner: Owner, id: number): Promise<string | undefined> {
  return selectDetail(db, owner, id, 'quotations x', quotationJson('x'));
}
