import { describe, expect, it } from 'vitest';
import { buildCurl, buildHeaders, buildQuery, buildRequestPath, buildRequestUrl } from '../../../../src/web/features/api-tester/lib/build-request';

const paging = [
  { name: 'page', in: 'query' as const, required: false, type: 'integer' as const, default: 0, minimum: 0 },
  { name: 'size', in: 'query' as const, required: false, type: 'integer' as const, default: 10, minimum: 1, maximum: 100 },
];
const list = { path: '/seller/orders/return', parameters: paging };
const detail = { path: '/seller/orders/return/{returnId}', parameters: [{ name: 'returnId', in: 'path' as const, required: true, type: 'integer' as const }] };
const line = {
  path: '/seller/orders/{orderId}/lines/{lineId}',
  parameters: [
    { name: 'orderId', in: 'path' as const, required: true, type: 'integer' as const },
    { name: 'lineId', in: 'path' as const, required: true, type: 'integer' as const },
  ],
};

describe('buildRequestPath', () => {
  it('keeps a list path as it is', () => {
    expect(buildRequestPath(list, { page: '12' })).toBe('/seller/orders/return');
  });
  it('fills in the ID of a detail path', () => {
    expect(buildRequestPath(detail, { returnId: '12' })).toBe('/seller/orders/return/12');
  });
  it('fills in every path parameter by name', () => {
    expect(buildRequestPath(line, { lineId: '3', orderId: '12' })).toBe('/seller/orders/12/lines/3');
  });
  it('leaves an empty one as the spec writes it', () => {
    expect(buildRequestPath(detail, {})).toBe('/seller/orders/return/{returnId}');
  });
  it('encodes what it fills in', () => {
    expect(buildRequestPath(detail, { returnId: '1/2' })).toBe('/seller/orders/return/1%2F2');
  });
});

describe('buildQuery', () => {
  it('sends each query parameter as typed, or its default', () => {
    expect(buildQuery(list, { page: '2', size: '25' })).toEqual({ page: '2', size: '25' });
    expect(buildQuery(list, { page: '', size: '25' })).toEqual({ page: '0', size: '25' });
    expect(buildQuery(list, {})).toEqual({ page: '0', size: '10' });
  });
  it('sends nothing for a call without query parameters', () => {
    expect(buildQuery(detail, { page: '2', size: '25' })).toBeUndefined();
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
    const curl = buildCurl({
      url: 'https://portal.example/api/v1/seller/warehouses?page=0&size=10',
      headerName: 'ACME-API-TOKEN',
      tokenVariable: 'ACME_API_TOKEN',
    });
    expect(curl).toBe(
      "curl -sS 'https://portal.example/api/v1/seller/warehouses?page=0&size=10' \\\n  -H \"ACME-API-TOKEN: $ACME_API_TOKEN\" \\\n  -H 'Accept: application/json'",
    );
  });
  it('quotes single quotes in the URL for the shell', () => {
    expect(buildCurl({ url: "https://h/a'b", headerName: 'X', tokenVariable: 'T' })).toContain("'https://h/a'\\''b'");
  });
});
