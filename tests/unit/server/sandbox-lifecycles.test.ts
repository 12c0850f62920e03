/**
 * The sandbox's lifecycles: every status advances to the next one and the last refuses; an import moves
 * ahead in all of its three fields from wherever the seed left it, never backwards, and only receiving
 * completes it.
 */
import { describe, expect, it } from 'vitest';
import {
  IMPORT_RECEIVED,
  isRefused,
  nextImport,
  nextNormalOrder,
  nextQuotation,
  nextReturnOrder,
  receiveImport,
  type ImportStatuses,
  type NoStep,
  type StatusFields,
} from '../../../src/server/public-api/simulations/lifecycles.ts';

const stepped = (step: StatusFields | NoStep): StatusFields => {
  if (isRefused(step)) throw new Error(`refused: ${step.refused}`);
  return step;
};

describe('normal orders', () => {
  it('go NEW, CONFIRMED, PICKING, PACKED, SHIPPED, DELIVERED, with the seller confirming at once', () => {
    const seen = ['NEW'];
    let status = 'NEW';
    for (;;) {
      const step = nextNormalOrder({ status });
      if (isRefused(step)) break;
      expect(step.sellerStatus).toBe('CONFIRMED');
      expect(step.warehouseStatus).toBe(step.status);
      status = String(step.status);
      seen.push(status);
    }
    expect(seen).toEqual(['NEW', 'CONFIRMED', 'PICKING', 'PACKED', 'SHIPPED', 'DELIVERED']);
  });

  it('refuses to move a cancelled order', () => {
    expect(nextNormalOrder({ status: 'CANCELLED' })).toEqual({ refused: "is CANCELLED, which ends the sandbox's lifecycle" });
  });
});

describe('return orders', () => {
  it('are received by the warehouse and restocked when complete, unless disposed of', () => {
    expect(stepped(nextReturnOrder({ returnStatus: 'REQUESTED', warehouseReturnStatus: 'WAITING' }))).toEqual({
      returnStatus: 'IN_TRANSIT',
      warehouseReturnStatus: 'WAITING',
    });
    expect(stepped(nextReturnOrder({ returnStatus: 'IN_TRANSIT', warehouseReturnStatus: 'WAITING' }))).toEqual({
      returnStatus: 'RECEIVED',
      warehouseReturnStatus: 'RECEIVED',
    });
    expect(stepped(nextReturnOrder({ returnStatus: 'INSPECTED', warehouseReturnStatus: 'RECEIVED' }))).toEqual({
      returnStatus: 'COMPLETED',
      warehouseReturnStatus: 'RESTOCKED',
    });
    expect(stepped(nextReturnOrder({ returnStatus: 'INSPECTED', warehouseReturnStatus: 'DISPOSED' }))).toEqual({
      returnStatus: 'COMPLETED',
      warehouseReturnStatus: 'DISPOSED',
    });
    expect(isRefused(nextReturnOrder({ returnStatus: 'COMPLETED', warehouseReturnStatus: 'RESTOCKED' }))).toBe(true);
  });
});

describe('quotations', () => {
  it('go REQUESTED, QUOTED, APPROVED, IN_TRANSIT, ARRIVED', () => {
    expect(stepped(nextQuotation({ progressStatus: 'REQUESTED' }))).toEqual({ progressStatus: 'QUOTED' });
    expect(stepped(nextQuotation({ progressStatus: 'IN_TRANSIT' }))).toEqual({ progressStatus: 'ARRIVED' });
    expect(isRefused(nextQuotation({ progressStatus: 'ARRIVED' }))).toBe(true);
  });
});

describe('imports', () => {
  const ORDER = {
    status: ['REGISTERED', 'IN_TRANSIT', 'RECEIVING', 'COMPLETED'],
    impStatus: ['REQUESTED', 'CONFIRMED', 'CUSTOMS_CLEARED'],
    inbStatus: ['WAITING', 'RECEIVING', 'RECEIVED', 'STOCKED'],
  };
  const every = (field: keyof typeof ORDER) => ORDER[field];

  it('move forward in every field from any mix the seed writes, and stop before completion', () => {
    for (const status of every('status').slice(0, 3))
      for (const impStatus of every('impStatus'))
        for (const inbStatus of every('inbStatus').slice(0, 3)) {
          const current: ImportStatuses = { status, impStatus, inbStatus };
          const step = nextImport(current);
          if (isRefused(step)) {
            expect(inbStatus).toBe('RECEIVED');
            continue;
          }
          for (const field of Object.keys(ORDER) as Array<keyof typeof ORDER>) {
            expect(ORDER[field].indexOf(String(step[field]))).toBeGreaterThanOrEqual(ORDER[field].indexOf(current[field]));
          }
          expect(step.status).not.toBe('COMPLETED');
        }
  });

  it('complete only by receiving, once', () => {
    expect(stepped(receiveImport({ status: 'IN_TRANSIT', impStatus: 'CONFIRMED', inbStatus: 'WAITING' }))).toEqual(IMPORT_RECEIVED);
    expect(isRefused(receiveImport({ status: 'COMPLETED', impStatus: 'CUSTOMS_CLEARED', inbStatus: 'STOCKED' }))).toBe(true);
    expect(isRefused(nextImport({ status: 'COMPLETED', impStatus: 'CUSTOMS_CLEARED', inbStatus: 'STOCKED' }))).toBe(true);
  });
});
