import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTarget } from '../../../../src/web/features/auth/lib/redirect-target';

describe('safeRedirectTarget', () => {
  it.each([
    ['/settings', '/settings'],
    ['/api-test?operation=listSellerNormalOrders#x', '/api-test?operation=listSellerNormalOrders#x'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/login', '/'],
    ['/login?redirectTo=/settings', '/'],
  ])('%j -> %j', (raw, target) => {
    expect(safeRedirectTarget(raw)).toBe(target);
  });
});

describe('loginPathFor', () => {
  it('remembers a destination', () => {
    expect(loginPathFor('/api-test?family=seller')).toBe('/login?redirectTo=%2Fapi-test%3Ffamily%3Dseller');
  });
  it('is plain /login for the default destination', () => {
    expect(loginPathFor('/')).toBe('/login');
  });
});
