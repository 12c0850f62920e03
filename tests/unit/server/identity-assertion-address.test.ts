/** The signed identity names the caller's address canonically, never a forwarded value that is not one. */
import { decodeJwt, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import type { ApiPrincipal } from '../../../src/server/lib/api-principal.ts';
import { createIdentityAsserter } from '../../../src/server/public-api/identity-assertion.ts';
import { IDENTITY_ALGORITHM, type IdentityKeyRing } from '../../../src/server/public-api/identity-keys.ts';

const principal: ApiPrincipal = {
  tokenId: 7,
  userId: 3,
  userType: 'SELLER',
  warehouseId: null,
  environment: 'live',
  subject: 'portal:3',
  scopes: null,
};

describe('the identity assertion client_ip', () => {
  it.each([
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:DB8:0::1', '2001:db8::1'],
    ['012.1.2.3', 'an unreadable address'],
    ['acme_s_live_notAnAddressAtAll', 'an unreadable address'],
  ])('names %s as %s', async (given, expected) => {
    const { privateKey } = await generateKeyPair(IDENTITY_ALGORITHM);
    const ring = { signingKey: () => ({ kid: 'k1', key: privateKey, retiresAt: Infinity }) } as unknown as IdentityKeyRing;
    const asserter = createIdentityAsserter({ ring, issuer: 'https://portal.example', audience: 'provider', now: Date.now, allDomains: () => ['orders'] });
    expect(decodeJwt(await asserter.assert(principal, given)).client_ip).toBe(expected);
  });
});
