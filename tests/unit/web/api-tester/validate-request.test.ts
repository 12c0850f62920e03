import { describe, expect, it } from 'vitest';
import { sizeProblem, validateRequest } from '../../../../src/web/features/api-tester/lib/validate-request';
import { digitsOnly } from '../../../../src/web/features/api-tester/lib/digits-only';

describe('validateRequest', () => {
  it('checks the domain first', () => {
    expect(validateRequest({ domain: '', token: '', mode: 'detail', id: '' })).toEqual({ field: 'domain', message: 'Please select a domain.' });
  });
  it('then the token (blank counts as empty)', () => {
    expect(validateRequest({ domain: 'orders', token: '   ', mode: 'detail', id: '' })).toEqual({ field: 'token', message: 'API token is required.' });
  });
  it('then the ID in detail mode', () => {
    expect(validateRequest({ domain: 'orders', token: 't', mode: 'detail', id: '' })).toEqual({ field: 'id', message: 'ID is required for detail view.' });
  });
  it('needs no ID for a list', () => {
    expect(validateRequest({ domain: 'orders', token: 't', mode: 'list', id: '' })).toBeNull();
  });
  it("checks a list's size against the spec's bounds (1 to 100), after the token", () => {
    expect(validateRequest({ domain: 'orders', token: 't', mode: 'list', id: '', sizeText: '500' })).toEqual({ field: 'size', message: 'Size must be from 1 to 100.' });
    expect(validateRequest({ domain: 'orders', token: 't', mode: 'list', id: '', sizeText: '0' })).toEqual({ field: 'size', message: 'Size must be from 1 to 100.' });
    expect(validateRequest({ domain: 'orders', token: '', mode: 'list', id: '', sizeText: '500' })?.field).toBe('token');
    expect(validateRequest({ domain: 'orders', token: 't', mode: 'list', id: '', sizeText: '100' })).toBeNull();
    // An empty size keeps the current one; a detail call has no size.
    expect(validateRequest({ domain: 'orders', token: 't', mode: 'list', id: '', sizeText: '' })).toBeNull();
    expect(validateRequest({ domain: 'orders', token: 't', mode: 'detail', id: '1', sizeText: '500' })).toBeNull();
  });
  it('passes a complete detail call', () => {
    expect(validateRequest({ domain: 'orders', token: 't', mode: 'detail', id: '7' })).toBeNull();
  });
});

describe('sizeProblem', () => {
  it.each([['1', null], ['100', null], ['', null], ['0', 'Size must be from 1 to 100.'], ['101', 'Size must be from 1 to 100.'], ['500', 'Size must be from 1 to 100.']])('%j -> %j', (text, problem) => {
    expect(sizeProblem(text)).toBe(problem);
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
