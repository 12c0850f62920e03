import { describe, expect, it } from 'vitest';
import { byteLength, formatBytes, formatDuration, listEnvelope, parseBody } from '../../../../src/web/features/api-tester/lib/response-info';

describe('listEnvelope', () => {
  it('reads page, size and lastPage of a list response', () => {
    expect(listEnvelope({ page: 1, size: 10, lastPage: 3, data: [] })).toEqual({ page: 1, size: 10, lastPage: 3 });
  });
  it.each([null, 'x', { id: 1 }, { page: 0, size: 10, lastPage: 0 }, { page: '0', size: 10, lastPage: 0, data: [] }])('is null for %j', (body) => {
    expect(listEnvelope(body)).toBeNull();
  });
});

describe('formatting', () => {
  it('formats bytes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
  it('formats durations', () => {
    expect(formatDuration(41.6)).toBe('42 ms');
    expect(formatDuration(1234)).toBe('1.23 s');
  });
  it('counts UTF-8 bytes', () => {
    expect(byteLength('ü')).toBe(2);
  });
});

describe('parseBody', () => {
  it('parses JSON', () => {
    expect(parseBody('{"a":1}')).toEqual({ body: { a: 1 }, isJson: true });
  });
  it('keeps text that is not JSON', () => {
    expect(parseBody('<html>')).toEqual({ body: '<html>', isJson: false });
  });
  it('treats an empty body as null', () => {
    expect(parseBody('')).toEqual({ body: null, isJson: false });
  });
});
