/** The Simulate panel's choices come from the catalogue: every simulation of a family, its list call and its body. */
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../../src/generated/catalogue';
import { API_FAMILIES } from '../../../../src/shared/api-family';
import { simulationPath, simulationsOf } from '../../../../src/web/features/simulate/lib/simulations';
import { targetOf } from '../../../../src/web/features/simulate/lib/target-summary';

describe('simulationsOf', () => {
  it.each(API_FAMILIES)('offers every %s simulation of the catalogue, each with a list call of its domain', (family) => {
    const simulations = simulationsOf(family);
    const expected = catalogue.operations.filter((operation) => operation.family === family && operation.mode === 'simulation');
    expect(simulations.map((simulation) => simulation.operation.operationId)).toEqual(expected.map((operation) => operation.operationId));
    for (const { operation, list } of simulations) {
      expect(list, operation.operationId).toMatchObject({ mode: 'list', family, domain: operation.domain, orderType: operation.orderType });
    }
  });

  it('asks the stock changes for their quantity, and the others for nothing', () => {
    const withBody = simulationsOf('seller').filter((simulation) => simulation.body.length > 0);
    expect(withBody.map((simulation) => simulation.operation.operationId)).toEqual(['changeSellerProductStock']);
    expect(withBody[0]?.body[0]).toMatchObject({ name: 'quantityChange', minimum: -100000, maximum: 100000 });
  });

  it('puts the target’s id in the path', () => {
    expect(simulationPath({ path: '/seller/sandbox/orders/normal/{orderId}/advance', idParam: 'orderId' }, 1042)).toBe(
      '/seller/sandbox/orders/normal/1042/advance',
    );
  });
});

describe('targetOf', () => {
  it('reads the id where the list says and shows the statuses beside it', () => {
    expect(targetOf({ import: { id: 5, status: 'IN_TRANSIT' }, quotation: {} }, ['import', 'id'])).toEqual({ id: 5, label: '#5', state: 'IN_TRANSIT' });
    expect(targetOf({ id: 9, returnStatus: 'REQUESTED', warehouseReturnStatus: 'WAITING' }, ['id'])?.state).toBe(
      'return: REQUESTED · warehouseReturn: WAITING',
    );
    expect(targetOf({ name: 'no id' }, ['id'])).toBeUndefined();
  });
});
