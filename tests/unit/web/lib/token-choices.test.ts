/** Which of the user's tokens are offered, filled in and marked (API Test, "Try it" and the code samples alike). */
import { describe, expect, it } from 'vitest';
import { choiceTitle, offeredTokens, onlyUsableToken, preselectedToken, tokenMarks, tokensUnavailableReason } from '../../../../src/web/lib/token-choices';

const now = new Date('2026-11-26T12:00:00Z');
const token = (title: string, expiryDate: string) => ({ title, expiryDate });

describe('choiceTitle', () => {
  it('names a live token so, and leaves a sandbox token’s title as it is', () => {
    expect(choiceTitle({ title: 'ERP sync', environment: 'live' })).toBe('ERP sync · Live');
    expect(choiceTitle({ title: 'ERP sync', environment: 'sandbox' })).toBe('ERP sync');
    expect(choiceTitle(undefined)).toBe('');
  });
});

describe('tokensUnavailableReason', () => {
  it('offers the user’s tokens for their own API only', () => {
    expect(tokensUnavailableReason('seller', 'seller')).toBeNull();
    expect(tokensUnavailableReason('seller', 'warehouse')).toBe(
      'Your tokens reach the Seller API only. The Warehouse API needs a token of a warehouse account: paste one below.',
    );
  });
});

describe('onlyUsableToken', () => {
  it('is the one token that has not expired', () => {
    const live = token('Live', '2026-12-01T00:00:00Z');
    expect(onlyUsableToken([token('Old', '2026-11-01T00:00:00Z'), live], now)).toBe(live);
  });

  it('is none when there are several or none to choose from', () => {
    expect(onlyUsableToken([token('A', '2026-12-01T00:00:00Z'), token('B', '2027-01-01T00:00:00Z')], now)).toBeUndefined();
    expect(onlyUsableToken([token('Old', '2026-11-01T00:00:00Z')], now)).toBeUndefined();
    expect(onlyUsableToken([], now)).toBeUndefined();
  });
});

describe('offeredTokens', () => {
  it('leaves out revoked tokens and keeps expired ones (shown, not selectable)', () => {
    const live = { title: 'Live', revocation: null };
    const expired = { title: 'Old', revocation: null };
    const revoked = { title: 'Gone', revocation: { revokedDate: '2026-11-01T00:00:00Z', foundAt: 'https://github.com/acme/app', source: 'github' } };
    expect(offeredTokens([live, revoked, expired])).toEqual([live, expired]);
  });
});

describe('preselectedToken', () => {
  const own = (id: number, expiryDate: string) => ({ id, token: `acme_s_${id}`, expiryDate });
  const live = own(1, '2026-12-01T00:00:00Z');
  const other = own(2, '2027-01-01T00:00:00Z');
  const old = own(3, '2026-11-01T00:00:00Z');
  const pick = (input: Partial<Parameters<typeof preselectedToken>[0]>) =>
    preselectedToken({ tokens: [live, old], fits: true, askedId: null, current: '', now, ...input });
  it('is the token a link names by its id, even over one already typed', () => {
    expect(pick({ tokens: [live, other], askedId: '2', current: 'typed' })).toBe(other);
  });
  it('else, with nothing typed, the one usable token', () => {
    expect(pick({})).toBe(live);
    expect(pick({ current: 'typed' })).toBeUndefined();
    expect(pick({ tokens: [live, other] })).toBeUndefined();
    expect(pick({ askedId: '9' })).toBe(live);
  });
  it("is none when the user's tokens do not fit the call's API", () => {
    expect(pick({ fits: false })).toBeUndefined();
    expect(pick({ fits: false, askedId: '1' })).toBeUndefined();
  });
});

describe('tokenMarks', () => {
  const token = (expiryDate: string, scopes: ('orders' | 'products')[] | null, ipAllowlist: string[] = []) => ({ expiryDate, scopes, ipAllowlist });
  it('marks an expired token, and an expiring one with its badge', () => {
    expect(tokenMarks(token('2026-11-01T00:00:00Z', null), 'orders', now)).toEqual({ expired: true, badge: null, lacksDomain: false, outsideAddress: null });
    expect(tokenMarks(token('2026-11-29T12:00:00Z', null), 'orders', now)).toEqual({
      expired: false,
      badge: 'Expires in 3 days',
      lacksDomain: false,
      outsideAddress: null,
    });
    expect(tokenMarks(token('2027-06-01T00:00:00Z', null), 'orders', now).badge).toBeNull();
  });
  it("marks a token whose access lacks the call's domain, and none before a domain is chosen", () => {
    expect(tokenMarks(token('2027-06-01T00:00:00Z', ['products']), 'orders', now).lacksDomain).toBe(true);
    expect(tokenMarks(token('2027-06-01T00:00:00Z', ['orders']), 'orders', now).lacksDomain).toBe(false);
    expect(tokenMarks(token('2027-06-01T00:00:00Z', ['products']), '', now).lacksDomain).toBe(false);
    expect(tokenMarks(token('2027-06-01T00:00:00Z', ['products']), undefined, now).lacksDomain).toBe(false);
  });
  it("names this browser's address when the token's allowlist leaves it out, once the address is known", () => {
    const limited = token('2027-06-01T00:00:00Z', null, ['198.51.100.0/24']);
    expect(tokenMarks(limited, 'orders', now, '203.0.113.9').outsideAddress).toBe('203.0.113.9');
    expect(tokenMarks(limited, 'orders', now, '198.51.100.7').outsideAddress).toBeNull();
    expect(tokenMarks(limited, 'orders', now).outsideAddress).toBeNull();
    expect(tokenMarks(token('2027-06-01T00:00:00Z', null), 'orders', now, '203.0.113.9').outsideAddress).toBeNull();
  });
});
