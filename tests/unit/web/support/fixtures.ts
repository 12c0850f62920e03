/** Test data typed by the generated spec types, so a contract change breaks the fixtures too. */
import type { operations } from '../../../../src/generated/api';

export type ApiTokenFixture = operations['listApiTokens']['responses'][200]['content']['application/json']['data'][number];
export type CurrentUserFixture = operations['getCurrentUser']['responses'][200]['content']['application/json'];

export const seller: CurrentUserFixture = { email: 'seller@example.com', userType: 'SELLER' };
export const warehouseUser: CurrentUserFixture = { email: 'warehouse@example.com', userType: 'WAREHOUSE' };

const DAY = 24 * 60 * 60 * 1000;

export function tokenFixture(overrides: Partial<ApiTokenFixture> = {}): ApiTokenFixture {
  return {
    title: 'Shop sync',
    description: 'Nightly order import from the shop',
    token: 'acme_s_0123456789abcdefghijklmnopqrstuv',
    createdDate: new Date(Date.now() - 10 * DAY).toISOString(),
    expiryDate: new Date(Date.now() + 80 * DAY).toISOString(),
    lastUsedDate: null,
    ...overrides,
  };
}

export const daysFromNow = (days: number): string => new Date(Date.now() + days * DAY).toISOString();
