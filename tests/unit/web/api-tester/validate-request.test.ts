import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../../src/generated/catalogue';
import type { CatalogueParameter } from '../../../../src/shared/portal-data/catalogue';
import { parameterProblem } from '../../../../src/web/features/api-tester/lib/parameter-values';
import { validateRequest } from '../../../../src/web/features/api-tester/lib/validate-request';
import { digitsOnly } from '../../../../src/web/features/api-tester/lib/digits-only';

const operation = (id: string) => catalogue.operations.find((op) => op.operationId === id);
const detail = operation('getSellerReturnOrder');
const list = operation('listSellerNormalOrders');

describe('validateRequest', () => {
  it('checks the domain (a chosen call) first', () => {
    expect(validateRequest({ operation: undefined, token: '', values: {} })).toEqual({ field: 'domain', message: 'Please select a domain.' });
  });
  it('then the token (blank counts as empty)', () => {
    expect(validateRequest({ operation: detail, token: '   ', values: {} })).toEqual({ field: 'token', message: 'API token is required.' });
  });
  it("then a detail call's ID, by its parameter", () => {
    expect(validateRequest({ operation: detail, token: 't', values: {} })).toEqual({ field: 'returnId', message: 'ID is required for detail view.' });
    expect(validateRequest({ operation: detail, token: 't', values: { returnId: '0' } })).toEqual({
      field: 'returnId',
      message: 'ID must be from 1 to 2147483647.',
    });
  });
  it('needs no ID for a list', () => {
    expect(validateRequest({ operation: list, token: 't', values: {} })).toBeNull();
  });
  it("checks a list's size against the spec's bounds (1 to 100), after the token", () => {
    expect(validateRequest({ operation: list, token: 't', values: { size: '500' } })).toEqual({ field: 'size', message: 'Size must be from 1 to 100.' });
    expect(validateRequest({ operation: list, token: 't', values: { size: '0' } })).toEqual({ field: 'size', message: 'Size must be from 1 to 100.' });
    expect(validateRequest({ operation: list, token: '', values: { size: '500' } })?.field).toBe('token');
    expect(validateRequest({ operation: list, token: 't', values: { size: '100' } })).toBeNull();
    // An empty size takes the spec's default.
    expect(validateRequest({ operation: list, token: 't', values: { size: '' } })).toBeNull();
  });
  it('refuses a number with a leading zero, as the API does', () => {
    expect(validateRequest({ operation: list, token: 't', values: { page: '01' } })).toEqual({ field: 'page', message: 'Page must be a whole number.' });
  });
  it('passes a complete detail call', () => {
    expect(validateRequest({ operation: detail, token: 't', values: { returnId: '7' } })).toBeNull();
  });
});

describe('parameterProblem reads integers as the server does (src/shared/decimal-integer.ts)', () => {
  const noId = { idParam: null };
  const offset: CatalogueParameter = { name: 'offset', in: 'query', required: false, type: 'integer', minimum: -10, maximum: 10 };
  const unbounded: CatalogueParameter = { name: 'count', in: 'query', required: false, type: 'integer' };
  it('takes a negative value the schema allows, the minimum deciding the sign', () => {
    expect(parameterProblem(noId, offset, '-3')).toBeNull();
    expect(parameterProblem(noId, offset, '-11')).toBe('Offset must be from -10 to 10.');
  });
  it('refuses -0 and a number past the safe integers, which the server would refuse', () => {
    expect(parameterProblem(noId, offset, '-0')).toBe('Offset must be a whole number.');
    expect(parameterProblem(noId, unbounded, '9'.repeat(25))).toBe('Count must be a whole number.');
  });
});

describe('digitsOnly', () => {
  it('accepts digits and the empty string', () => {
    expect(digitsOnly('1', '12')).toBe('12');
    expect(digitsOnly('1', '')).toBe('');
  });
  it.each(['12a', '-1', '1.5', ' 1', 'e'])('ignores %j', (next) => {
    expect(digitsOnly('12', next)).toBe('12');
  });
});
