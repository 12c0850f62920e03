/**
 * The sandbox's own lifecycles: the statuses its simulations move data through, and in what order. The
 * product specification leaves the status fields' values and transitions open, so these are the sandbox's
 * invention, plausible and documented with the simulation operations (openapi/paths/*-sandbox-*.yaml); the
 * live API never applies them. The values are those the demo seed writes (db/seed/fulfillment-generator.ts),
 * so seeded rows advance from wherever they stand.
 */

/** The fields of one row a step sets, in the spec's names. */
export type StatusFields = Readonly<Record<string, string>>;

/** A step that could not be taken, with the reason a caller reads. */
export interface NoStep {
  refused: string;
}

export const isRefused = (step: StatusFields | NoStep): step is NoStep => 'refused' in step;

const ORDER_STATUSES = ['NEW', 'CONFIRMED', 'PICKING', 'PACKED', 'SHIPPED', 'DELIVERED'] as const;

/** A normal order's next status; the seller's status is NEW only while the order is, the warehouse's follows it. */
export function nextNormalOrder(current: { status: string }): StatusFields | NoStep {
  const at = ORDER_STATUSES.indexOf(current.status as (typeof ORDER_STATUSES)[number]);
  if (current.status === 'CANCELLED') return { refused: "is CANCELLED, which ends the sandbox's lifecycle" };
  if (at === ORDER_STATUSES.length - 1) return { refused: `is ${current.status}, the last status of the sandbox's lifecycle` };
  const status = ORDER_STATUSES[at + 1] ?? 'CONFIRMED';
  return { status, sellerStatus: 'CONFIRMED', warehouseStatus: status };
}

const RETURN_STATUSES = ['REQUESTED', 'IN_TRANSIT', 'RECEIVED', 'INSPECTED', 'COMPLETED'] as const;

/** A return order's next status; the warehouse waits for it, receives it, and restocks it once it is complete. */
export function nextReturnOrder(current: { returnStatus: string; warehouseReturnStatus: string }): StatusFields | NoStep {
  const at = RETURN_STATUSES.indexOf(current.returnStatus as (typeof RETURN_STATUSES)[number]);
  if (at === RETURN_STATUSES.length - 1) return { refused: `is ${current.returnStatus}, the last status of the sandbox's lifecycle` };
  const returnStatus = RETURN_STATUSES[at + 1] ?? 'REQUESTED';
  const warehouseReturnStatus =
    returnStatus === 'IN_TRANSIT'
      ? 'WAITING'
      : returnStatus === 'COMPLETED'
        ? current.warehouseReturnStatus === 'DISPOSED'
          ? 'DISPOSED'
          : 'RESTOCKED'
        : current.warehouseReturnStatus === 'WAITING'
          ? 'RECEIVED'
          : current.warehouseReturnStatus;
  return { returnStatus, warehouseReturnStatus };
}

const QUOTATION_STATUSES = ['REQUESTED', 'QUOTED', 'APPROVED', 'IN_TRANSIT', 'ARRIVED'] as const;

export function nextQuotation(current: { progressStatus: string }): StatusFields | NoStep {
  const at = QUOTATION_STATUSES.indexOf(current.progressStatus as (typeof QUOTATION_STATUSES)[number]);
  if (at === QUOTATION_STATUSES.length - 1) return { refused: `is ${current.progressStatus}, the last status of the sandbox's lifecycle` };
  return { progressStatus: QUOTATION_STATUSES[at + 1] ?? 'QUOTED' };
}

/**
 * An import's steps: the seller's `status` beside the warehouse's customs (`impStatus`) and inbound
 * (`inbStatus`) statuses. The last, into inventory, is taken only by receiving the import.
 */
const IMPORT_STEPS = [
  { status: 'REGISTERED', impStatus: 'REQUESTED', inbStatus: 'WAITING' },
  { status: 'IN_TRANSIT', impStatus: 'CONFIRMED', inbStatus: 'WAITING' },
  { status: 'IN_TRANSIT', impStatus: 'CUSTOMS_CLEARED', inbStatus: 'WAITING' },
  { status: 'RECEIVING', impStatus: 'CUSTOMS_CLEARED', inbStatus: 'RECEIVING' },
  { status: 'RECEIVING', impStatus: 'CUSTOMS_CLEARED', inbStatus: 'RECEIVED' },
] as const;
export const IMPORT_RECEIVED: StatusFields = { status: 'COMPLETED', impStatus: 'CUSTOMS_CLEARED', inbStatus: 'STOCKED' };

const IMPORT_FIELD_ORDER: Readonly<Record<string, readonly string[]>> = {
  status: ['REGISTERED', 'IN_TRANSIT', 'RECEIVING', 'COMPLETED'],
  impStatus: ['REQUESTED', 'CONFIRMED', 'CUSTOMS_CLEARED'],
  inbStatus: ['WAITING', 'RECEIVING', 'RECEIVED', 'STOCKED'],
};

const rank = (field: string, value: string): number => IMPORT_FIELD_ORDER[field]?.indexOf(value) ?? -1;

export type ImportStatuses = Record<'status' | 'impStatus' | 'inbStatus', string>;

/** The first step ahead of the import in every field and past it in one; a seeded row may mix them. */
export function nextImport(current: ImportStatuses): StatusFields | NoStep {
  const fields = Object.keys(IMPORT_FIELD_ORDER) as Array<keyof ImportStatuses>;
  const ahead = IMPORT_STEPS.find(
    (step) =>
      fields.every((field) => rank(field, step[field]) >= rank(field, current[field])) &&
      fields.some((field) => rank(field, step[field]) > rank(field, current[field])),
  );
  if (ahead !== undefined) return ahead;
  return current.status === IMPORT_RECEIVED.status
    ? { refused: `is ${current.status}, the last status of the sandbox's lifecycle` }
    : { refused: `is ${current.status} (${current.inbStatus} at the warehouse); receive it into inventory to complete it` };
}

export function receiveImport(current: ImportStatuses): StatusFields | NoStep {
  if (current.status === IMPORT_RECEIVED.status && current.inbStatus === IMPORT_RECEIVED.inbStatus) {
    return { refused: 'was received into inventory already' };
  }
  return IMPORT_RECEIVED;
}

/** How many units of each product a received import brings: one case, to each of up to five products. */
export const RECEIVED_UNITS_PER_PRODUCT = 12;
export const RECEIVED_PRODUCTS_AT_MOST = 5;
