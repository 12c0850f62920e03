/** Test data typed by the generated spec types, so a contract change breaks the fixtures too. */
import type { operations } from '../../../../src/generated/api';
import { brand } from '../../../../src/generated/brand';

export type ApiTokenFixture = operations['listApiTokens']['responses'][200]['content']['application/json']['data'][number];
export type CurrentUserFixture = operations['getCurrentUser']['responses'][200]['content']['application/json'];

export const seller: CurrentUserFixture = { email: 'seller@example.com', userType: 'SELLER' };
export const warehouseUser: CurrentUserFixture = { email: 'warehouse@example.com', userType: 'WAREHOUSE' };

const DAY = 24 * 60 * 60 * 1000;

/** A token-shaped value for screens that only display it; the server is not involved, so nothing checks it. */
export const fakeSellerToken = (suffix = '0123456789abcdefghijklmnopqrstuv'): string => `${brand.tokenPrefix}_s_${suffix}`;
export const FAKE_TOKEN = fakeSellerToken();

let nextTokenId = 1;

export function tokenFixture(overrides: Partial<ApiTokenFixture> = {}): ApiTokenFixture {
  return {
    id: nextTokenId++,
    title: 'Shop sync',
    description: 'Nightly order import from the shop',
    token: FAKE_TOKEN,
    environment: 'sandbox',
    createdDate: new Date(Date.now() - 10 * DAY).toISOString(),
    expiryDate: new Date(Date.now() + 80 * DAY).toISOString(),
    lastUsedDate: null,
    lifetimeDays: 90,
    scopes: null,
    previousValueExpiresAt: null,
    ipAllowlist: [],
    revocation: null,
    ...overrides,
  };
}

export const daysFromNow = (days: number): string => new Date(Date.now() + days * DAY).toISOString();

export type PortalSessionFixture = operations['listSessions']['responses'][200]['content']['application/json']['data'][number];

export const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

let nextSessionId = 1;

export function sessionFixture(overrides: Partial<PortalSessionFixture> = {}): PortalSessionFixture {
  return {
    id: nextSessionId++,
    userAgent: CHROME_ON_LINUX,
    ipAddress: '203.0.113.9',
    signedInDate: new Date(Date.now() - 2 * DAY).toISOString(),
    lastSeenDate: new Date(Date.now() - 60_000).toISOString(),
    current: false,
    ...overrides,
  };
}
