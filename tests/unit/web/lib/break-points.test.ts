import { describe, expect, it } from 'vitest';
import { camelCaseParts, nameParts, pathParts } from '../../../../src/web/lib/break-points';

describe('camelCaseParts', () => {
  it('splits an operationId before each capital that follows a lower-case letter or digit', () => {
    expect(camelCaseParts('listSellerNormalOrders')).toEqual(['list', 'Seller', 'Normal', 'Orders']);
    expect(camelCaseParts('getV2Item')).toEqual(['get', 'V2', 'Item']);
    expect(camelCaseParts('ping')).toEqual(['ping']);
  });
});

describe('pathParts', () => {
  it('splits after each slash and before the query and each of its parameters', () => {
    expect(pathParts('/api/v1/seller/orders?page=0&size=5')).toEqual(['/', 'api/', 'v1/', 'seller/', 'orders', '?page=0', '&size=5']);
    expect(pathParts('/api/v1/seller/orders').join('')).toBe('/api/v1/seller/orders');
  });
});

describe('nameParts', () => {
  it('breaks a search title after slashes and dots and between camelCase words, and nowhere else', () => {
    expect(nameParts('/seller/orders/normal/{orderId}')).toEqual(['/', 'seller/', 'orders/', 'normal/', '{order', 'Id}']);
    expect(nameParts('SellerNormalOrder.recipientPhone')).toEqual(['Seller', 'Normal', 'Order.', 'recipient', 'Phone']);
  });
});
