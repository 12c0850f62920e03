/**
 * What the Simulate panel offers: the sandbox simulations of the user's API family (the catalogue's
 * operations with `x-mode: simulation`, in the spec's order), each with the list call whose first page
 * offers its targets (same family, domain and order type) and the body fields it asks for (generated
 * from its request body). A new simulation in openapi/ appears here by itself.
 */
import { catalogue } from '../../../../generated/catalogue';
import { simulationBodies } from '../../../../generated/webhook-events';
import type { ApiFamily } from '../../../../shared/api-family';
import type { CatalogueOperation } from '../../../../shared/portal-data/catalogue';
import type { SimulationBodyField } from '../../../../shared/portal-data/webhook-events';

export interface Simulation {
  operation: CatalogueOperation;
  /** The list call whose rows are this simulation's targets; undefined when the spec has none. */
  list: CatalogueOperation | undefined;
  body: readonly SimulationBodyField[];
}

export function simulationsOf(family: ApiFamily, operations: readonly CatalogueOperation[] = catalogue.operations): Simulation[] {
  return operations
    .filter((operation) => operation.family === family && operation.mode === 'simulation' && operation.idParam !== null)
    .map((operation) => ({
      operation,
      list: operations.find(
        (candidate) =>
          candidate.mode === 'list' && candidate.family === family && candidate.domain === operation.domain && candidate.orderType === operation.orderType,
      ),
      body: simulationBodies[operation.operationId] ?? [],
    }));
}

/** The simulation's path with the target's id in place: `/seller/sandbox/orders/normal/1042/advance`. */
export function simulationPath(operation: Pick<CatalogueOperation, 'path' | 'idParam'>, id: number): string {
  return operation.idParam === null ? operation.path : operation.path.replace(`{${operation.idParam}}`, encodeURIComponent(String(id)));
}
