/**
 * The sandbox's simulation calls: each moves one row of the token's own sandbox data a step along the
 * sandbox's lifecycle (lifecycles.ts) and records the webhook events of the change in the same transaction
 * (resource-changes/family-events.ts, webhooks/outbox.ts), so the change and its events commit together or
 * not at all. A live token is refused before anything is read: the live API has no such calls. The
 * data-changed triggers evict the cached answers of every owner the row concerns when it commits.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { ownerOf, type Owner } from '../../repositories/fulfillment/owner.ts';
import { isStorableId } from '../../repositories/fulfillment/paging.ts';
import { familyEvents, type ChangedResource, type FamilyEventShapes, type FieldChange, type ResourceChange } from '../../resource-changes/family-events.ts';
import type { OperationHandler, OperationId } from '../../spec/operation-handler.ts';
import { recordEvents, resourceUrlOf } from '../../webhooks/outbox.ts';
import { idOf } from '../handlers.ts';
import { familyOfUserType } from '../../../shared/api-family.ts';
import {
  isRefused,
  nextImport,
  nextNormalOrder,
  nextQuotation,
  nextReturnOrder,
  receiveImport,
  RECEIVED_PRODUCTS_AT_MOST,
  RECEIVED_UNITS_PER_PRODUCT,
  type ImportStatuses,
  type NoStep,
  type StatusFields,
} from './lifecycles.ts';
import {
  lockProduct,
  lockProductsOf,
  lockStatusRow,
  warehouseAccountOf,
  writeQuantities,
  writeStatuses,
  type LockedProduct,
  type StatusResource,
} from './simulated-rows.ts';

export const LIVE_SIMULATION_MESSAGE = "Simulations need a sandbox token; live data changes only in the provider's warehouse system.";

type SimulationResult = Schemas['SimulationResult'];

/** What a simulation does; each operation of the spec's x-mode simulation names one. */
type Simulation =
  { kind: 'advance'; resource: StatusResource; next: (current: Record<string, string>) => StatusFields | NoStep } | { kind: 'receive' } | { kind: 'stock' };

const ADVANCE = {
  normal_order: { kind: 'advance', resource: 'normal_order', next: (row) => nextNormalOrder({ status: row.status ?? '' }) },
  return_order: {
    kind: 'advance',
    resource: 'return_order',
    next: (row) => nextReturnOrder({ returnStatus: row.returnStatus ?? '', warehouseReturnStatus: row.warehouseReturnStatus ?? '' }),
  },
  import: { kind: 'advance', resource: 'import', next: (row) => nextImport(row as ImportStatuses) },
  quotation: { kind: 'advance', resource: 'quotation', next: (row) => nextQuotation({ progressStatus: row.progressStatus ?? '' }) },
} satisfies Record<StatusResource, Simulation>;

const SIMULATIONS = {
  advanceSellerNormalOrder: ADVANCE.normal_order,
  advanceSellerReturnOrder: ADVANCE.return_order,
  advanceSellerImport: ADVANCE.import,
  receiveSellerImport: { kind: 'receive' },
  advanceSellerQuotation: ADVANCE.quotation,
  changeSellerProductStock: { kind: 'stock' },
  advanceWarehouseNormalOrder: ADVANCE.normal_order,
  advanceWarehouseReturnOrder: ADVANCE.return_order,
  advanceWarehouseImport: ADVANCE.import,
  receiveWarehouseImport: { kind: 'receive' },
  advanceWarehouseQuotation: ADVANCE.quotation,
  changeWarehouseInventoryStock: { kind: 'stock' },
} satisfies Partial<Record<OperationId, Simulation>>;

export type SimulationOperationId = keyof typeof SIMULATIONS;

const ENTITY: Readonly<Record<ChangedResource, string>> = {
  normal_order: 'Normal order',
  return_order: 'Return order',
  import: 'Import',
  quotation: 'Quotation',
  product: 'Product',
};

const changesBetween = <T extends string | number>(before: Record<string, T>, after: Record<string, T>): Record<string, FieldChange> =>
  Object.fromEntries(
    Object.entries(after).flatMap(([field, current]) =>
      before[field] === undefined || before[field] === current ? [] : [[field, { previous: before[field], current }]],
    ),
  ) as Record<string, FieldChange>;

export function simulationHandlers(ctx: ServerContext, shapes: FamilyEventShapes): Record<SimulationOperationId, OperationHandler> {
  /** Writes the change's events; the caller's transaction commits them with the change. */
  const queue = async (tx: Transaction, change: Omit<ResourceChange, 'environment' | 'time'>): Promise<number> =>
    recordEvents(tx, familyEvents(shapes, { ...change, environment: 'sandbox', time: new Date(ctx.now()) }));

  const resultOf = (
    request: FastifyRequest,
    resource: ChangedResource,
    id: number,
    changes: Record<string, FieldChange>,
    deliveriesQueued: number,
  ): SimulationResult => {
    const family = familyOfUserType(principalOf(request).userType);
    const path = shapes[family][resource].pathTemplate.replace('{id}', String(id));
    return {
      resourceId: id,
      resourceUrl: resourceUrlOf(path),
      changes,
      deliveriesQueued,
    };
  };

  async function advance(request: FastifyRequest, owner: Owner, id: number, simulation: Extract<Simulation, { kind: 'advance' }>): Promise<SimulationResult> {
    return ctx.db.transaction(async (tx) => {
      const row = await lockStatusRow(tx, simulation.resource, owner, id);
      if (row === undefined) throw new HttpError(404, `${ENTITY[simulation.resource]} ${id} was not found.`);
      const next = simulation.next(row.statuses);
      if (isRefused(next)) throw new HttpError(409, `${ENTITY[simulation.resource]} ${id} ${next.refused}.`);
      await writeStatuses(tx, simulation.resource, id, next, new Date(ctx.now()));
      const changes = changesBetween(row.statuses, next);
      const queued = await queue(tx, {
        resource: simulation.resource,
        resourceId: id,
        sellerAccountId: row.sellerId,
        warehouseAccountId: await warehouseAccountOf(tx, row.warehouseId),
        changes,
      });
      return resultOf(request, simulation.resource, id, changes, queued);
    });
  }

  async function queueProduct(tx: Transaction, product: LockedProduct, after: Record<string, number>): Promise<number> {
    const changes = changesBetween(product.quantities, after);
    return queue(tx, {
      resource: 'product',
      resourceId: product.id,
      sellerAccountId: product.sellerId,
      warehouseAccountId: await warehouseAccountOf(tx, product.warehouseId),
      changes,
    });
  }

  async function receive(request: FastifyRequest, owner: Owner, id: number): Promise<SimulationResult> {
    return ctx.db.transaction(async (tx) => {
      const row = await lockStatusRow(tx, 'import', owner, id);
      if (row === undefined) throw new HttpError(404, `Import ${id} was not found.`);
      const next = receiveImport(row.statuses as ImportStatuses);
      if (isRefused(next)) throw new HttpError(409, `Import ${id} ${next.refused}.`);
      const now = new Date(ctx.now());
      await writeStatuses(tx, 'import', id, next, now);
      const changes = changesBetween(row.statuses, next);
      const warehouseAccountId = await warehouseAccountOf(tx, row.warehouseId);
      let queued = await queue(tx, { resource: 'import', resourceId: id, sellerAccountId: row.sellerId, warehouseAccountId, changes });
      for (const product of await lockProductsOf(tx, row.sellerId, row.warehouseId, RECEIVED_PRODUCTS_AT_MOST)) {
        const units = RECEIVED_UNITS_PER_PRODUCT;
        const after = {
          deliveredQuantity: product.quantities.deliveredQuantity + units,
          availableQuantity: product.quantities.availableQuantity + units,
          remainQuantity: product.quantities.remainQuantity + units,
        };
        await writeQuantities(tx, product.id, after, now);
        queued += await queueProduct(tx, product, after);
      }
      return resultOf(request, 'import', id, changes, queued);
    });
  }

  async function stock(request: FastifyRequest, owner: Owner, id: number): Promise<SimulationResult> {
    const { quantityChange } = request.body as Schemas['StockChangeRequest'];
    return ctx.db.transaction(async (tx) => {
      const product = await lockProduct(tx, owner, id);
      if (product === undefined) throw new HttpError(404, `Product ${id} was not found.`);
      const after = {
        availableQuantity: product.quantities.availableQuantity + quantityChange,
        remainQuantity: product.quantities.remainQuantity + quantityChange,
      };
      for (const [field, value] of Object.entries(after)) {
        if (value < 0) {
          throw new HttpError(
            400,
            `quantityChange: ${quantityChange} would take ${field} below zero (it is ${product.quantities[field as keyof typeof after]}).`,
          );
        }
      }
      await writeQuantities(tx, product.id, after);
      const queued = await queueProduct(tx, product, after);
      return resultOf(request, 'product', id, changesBetween(product.quantities, after), queued);
    });
  }

  const handlerOf = (simulation: Simulation): OperationHandler => ({
    async handle(request, _reply, route) {
      const principal = principalOf(request);
      if (principal.environment !== 'sandbox') throw new HttpError(403, LIVE_SIMULATION_MESSAGE);
      const id = idOf(request, route);
      const owner = ownerOf(principal);
      const missing = simulation.kind === 'advance' ? ENTITY[simulation.resource] : simulation.kind === 'receive' ? 'Import' : 'Product';
      if (!isStorableId(id)) throw new HttpError(404, `${missing} ${id} was not found.`);
      if (simulation.kind === 'advance') return advance(request, owner, id, simulation);
      return simulation.kind === 'receive' ? receive(request, owner, id) : stock(request, owner, id);
    },
  });

  return Object.fromEntries(Object.entries(SIMULATIONS).map(([operationId, simulation]) => [operationId, handlerOf(simulation)])) as Record<
    SimulationOperationId,
    OperationHandler
  >;
}

function principalOf(request: FastifyRequest): NonNullable<FastifyRequest['apiPrincipal']> {
  if (request.apiPrincipal === undefined) throw new Error('a simulation reached without a principal');
  return request.apiPrincipal;
}
