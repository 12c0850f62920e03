/** The account an ID token (or userinfo) describes: subject, lower-cased email, the user types it holds. */
import { describe, expect, it } from 'vitest';
import { accountFromClaims, holdsAccountClaims, userTypesOf } from '../../../src/server/identity/oidc-claims.ts';
import { ProviderUnavailableError } from '../../../src/server/identity/provider.ts';

describe('the user types of a claim', () => {
  it.each([
    ['SELLER', ['SELLER']],
    [
      ['WAREHOUSE', 'SELLER'],
      ['WAREHOUSE', 'SELLER'],
    ],
    [['SELLER', 'SELLER', 'ADMIN', 'seller', 7, null], ['SELLER']],
    ['ADMIN', []],
    [undefined, []],
    [{ SELLER: true }, []],
  ])('%j holds %j', (value, expected) => {
    expect(userTypesOf(value)).toEqual(expected);
  });
});

describe('the account of the claims', () => {
  it('takes sub as the subject and lower-cases the email, from the configured claim', () => {
    expect(accountFromClaims({ sub: 'abc', email: 'Ann@Example.COM', roles: ['WAREHOUSE'] }, 'roles')).toEqual({
      subject: 'abc',
      email: 'ann@example.com',
      userTypes: ['WAREHOUSE'],
    });
  });

  it('holds no user type when the claim is missing', () => {
    expect(accountFromClaims({ sub: 'abc', email: 'a@example.com' }, 'user_type').userTypes).toEqual([]);
  });

  it('is a claim failure of the provider, not a refusal, without an email', () => {
    expect(() => accountFromClaims({ sub: 'abc' }, 'user_type')).toThrow(ProviderUnavailableError);
    expect(() => accountFromClaims({ sub: 'abc', email: 'a@example.com' }, 'user_type')).not.toThrow();
  });

  it('asks userinfo only when the ID token lacks the email or the user-type claim', () => {
    expect(holdsAccountClaims({ sub: 'a', email: 'a@example.com', user_type: 'SELLER' }, 'user_type')).toBe(true);
    expect(holdsAccountClaims({ sub: 'a', email: 'a@example.com' }, 'user_type')).toBe(false);
    expect(holdsAccountClaims({ sub: 'a', user_type: 'SELLER' }, 'user_type')).toBe(false);
  });
});
