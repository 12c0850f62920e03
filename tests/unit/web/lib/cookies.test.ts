// @vitest-environment happy-dom
/** readCookie: one cookie's value among several, whatever the spacing, and nothing for a prefix of a name. */
import { afterEach, describe, expect, it } from 'vitest';
import { readCookie } from '../../../../src/web/lib/cookies';

afterEach(() => {
  for (const name of ['portal-a', 'portal-ab', 'portal-b']) document.cookie = `${name}=; max-age=0; path=/`;
});

describe('readCookie', () => {
  it('finds one cookie among several, and nothing for a name that is only a prefix of one', () => {
    document.cookie = 'portal-ab=long; path=/';
    document.cookie = 'portal-b=2026-11-23; path=/';
    expect(readCookie('portal-b')).toBe('2026-11-23');
    expect(readCookie('portal-ab')).toBe('long');
    expect(readCookie('portal-a')).toBeUndefined();
    document.cookie = 'portal-a=; path=/';
    expect(readCookie('portal-a')).toBe('');
  });
});
