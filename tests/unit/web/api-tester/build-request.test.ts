import { describe, expect, it } from 'vitest';
import { buildCurl, buildHeaders, buildQuery, buildRequestPath, buildRequestUrl } from '../../../../src/web/features/api-tester/lib/build-request';

const list = { path: '/seller/orders/return', idParam: null, mode: 'list' as const };
const detail = { path: '/seller/orders/return/{returnId}', idParam: 'returnId', mode: 'detail' as const };

describe('buildRequestPath', () => {
  it('keeps a list path as it is', () => {
    expect(buildRequestPath(list, '12')).toBe('/seller/orders/return');
  });
  it('fills in the ID of a detail path', () => {
    expect(buildRequestPath(detail, '12')).toBe('/seller/orders/return/12');
  });
  it('encodes what it fills in', () => {
    expect(buildRequestPath(detail, '1/2')).toBe('/seller/orders/return/1%2F2');
  });
});

describe('buildQuery', () => {
  it('sends page and size for lists', () => {
    expect(buildQuery(list, { page: 2, size: 25 })).toEqual({ page: 2, size: 25 });
  });
  it('sends nothing for details', () => {
    expect(buildQuery(detail, { page: 2, size: 25 })).toBeUndefined();
  });
});

describe('buildHeaders', () => {
  it('puts the trimmed token in the named header', () => {
    expect(buildHeaders('ACME-API-TOKEN', '  acme_s_x \n')).toEqual({ 'ACME-API-TOKEN': 'acme_s_x' });
  });
});

describe('buildRequestUrl', () => {
  it('joins base, path and query', () => {
    expect(buildRequestUrl('/api/v1', '/seller/warehouses', { page: 0, size: 10 })).toBe('/api/v1/seller/warehouses?page=0&size=10');
  });
  it('drops a trailing slash of the base and an empty query', () => {
    expect(buildRequestUrl('https://h/api/v1/', '/seller/warehouses/3')).toBe('https://h/api/v1/seller/warehouses/3');
  });
});

describe('buildCurl', () => {
  it('uses the token variable, never a value', () => {
    const curl = buildCurl({ url: 'https://portal.example/api/v1/seller/warehouses?page=0&size=10', headerName: 'ACME-API-TOKEN', tokenVariable: 'ACME_API_TOKEN' });
    expect(curl).toBe(
      "curl -sS 'https://portal.example/api/v1/seller/warehouses?page=0&size=10' \\\n  -H \"ACME-API-TOKEN: $ACME_API_TOKEN\" \\\n  -H 'Accept: application/json'",
    );
  });
  it('quotes single quotes in the URL for the shell', () => {
    expect(buildCurl({ url: "https://h/a'b", headerName: 'X', tokenVariable: 'T' })).toContain("'https://h/a'\\''b'");
  });
});
