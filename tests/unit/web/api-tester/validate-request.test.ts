import { describe, expect, it } from 'vitest';
import { validateRequest } from '../../../../src/web/features/api-tester/lib/validate-request';
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
  it('passes a complete detail call', () => {
    expect(validateRequest({ domain: 'orders', token: 't', mode: 'detail', id: '7' })).toBeNull();
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
