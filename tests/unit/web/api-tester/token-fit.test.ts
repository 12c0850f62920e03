/** Which of the user's tokens a call can use (API Test and "Try it" on the reference pages alike). */
import { describe, expect, it } from 'vitest';
import { onlyUsableToken, tokensUnavailableReason } from '../../../../src/web/features/api-tester/lib/token-fit';

const now = new Date('2026-11-26T12:00:00Z');
const token = (title: string, expiryDate: string) => ({ title, expiryDate });

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
