/** The per-owner response cache: its bound, owner isolation, exact eviction, dropped stale fills; and the ETag test. */
import { describe, expect, it } from 'vitest';
import { etagOf, ifNoneMatchMatches } from '../../../src/server/public-api/etag.ts';
import { EVERY_OWNER, ResponseCache } from '../../../src/server/public-api/response-cache.ts';

const answer = (text: string) => {
  const body = Buffer.from(text);
  return { body, etag: etagOf(body) };
};

describe('ResponseCache', () => {
  it('keeps answers per owner: the same key of two owners is two entries', () => {
    const cache = new ResponseCache(1024);
    cache.set('seller:1', 'list?page=0', answer('one'), cache.ticket('seller:1'));
    cache.set('seller:3', 'list?page=0', answer('three'), cache.ticket('seller:3'));
    expect(cache.get('seller:1', 'list?page=0')?.body.toString()).toBe('one');
    expect(cache.get('seller:3', 'list?page=0')?.body.toString()).toBe('three');
    expect(cache.get('warehouse:1', 'list?page=0')).toBeUndefined();
  });

  it('evicts exactly the owner whose data changed, and everyone on *', () => {
    const cache = new ResponseCache(1024);
    for (const owner of ['seller:1', 'seller:3', 'warehouse:1']) cache.set(owner, 'k', answer(owner), cache.ticket(owner));
    cache.evictOwner('seller:1');
    expect(cache.get('seller:1', 'k')).toBeUndefined();
    expect(cache.get('seller:3', 'k')).toBeDefined();
    expect(cache.get('warehouse:1', 'k')).toBeDefined();
    cache.evictOwner(EVERY_OWNER);
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops a fill that started before its owner was evicted (it may hold old data)', () => {
    const cache = new ResponseCache(1024);
    const ticket = cache.ticket('seller:1');
    const other = cache.ticket('seller:3');
    cache.evictOwner('seller:1');
    cache.set('seller:1', 'k', answer('old'), ticket);
    cache.set('seller:3', 'k', answer('fine'), other);
    expect(cache.get('seller:1', 'k')).toBeUndefined();
    expect(cache.get('seller:3', 'k')?.body.toString()).toBe('fine');
  });

  it('stays within its byte bound, least recently used out first', () => {
    const cache = new ResponseCache(100);
    cache.set('o', 'a', answer('a'.repeat(12)), cache.ticket('o'));
    cache.set('o', 'b', answer('b'.repeat(12)), cache.ticket('o'));
    cache.get('o', 'a');
    for (let i = 0; i < 7; i++) cache.set('o', `x${i}`, answer('x'.repeat(12)), cache.ticket('o'));
    expect(cache.size.bytes).toBeLessThanOrEqual(100);
    expect(cache.get('o', 'b')).toBeUndefined();
    expect(cache.get('o', 'a')).toBeDefined();
    // One answer larger than an eighth of the bound is not kept at all.
    cache.set('o', 'big', answer('y'.repeat(13)), cache.ticket('o'));
    expect(cache.get('o', 'big')).toBeUndefined();
  });

  it('counts an answer set again under its key once, and forgets it with its owner', () => {
    const cache = new ResponseCache(1000);
    cache.set('o', 'k', answer('x'.repeat(10)), cache.ticket('o'));
    cache.set('o', 'k', answer('y'.repeat(20)), cache.ticket('o'));
    cache.set('p', 'k', answer('z'.repeat(30)), cache.ticket('p'));
    expect(cache.size).toEqual({ entries: 2, bytes: 50 });
    expect(cache.get('o', 'k')?.body.toString()).toBe('y'.repeat(20));
    cache.evictOwner('o');
    expect(cache.size).toEqual({ entries: 1, bytes: 30 });
    expect(cache.get('p', 'k')).toBeDefined();
  });

  it('serves and keeps nothing while disabled, and nothing from before', () => {
    const cache = new ResponseCache(1024);
    cache.set('o', 'k', answer('x'), cache.ticket('o'));
    const ticket = cache.ticket('o');
    cache.setEnabled(false);
    expect(cache.get('o', 'k')).toBeUndefined();
    cache.set('o', 'k', answer('x'), cache.ticket('o'));
    cache.setEnabled(true);
    expect(cache.get('o', 'k')).toBeUndefined();
    cache.set('o', 'k', answer('x'), ticket);
    expect(cache.get('o', 'k')).toBeUndefined();
    expect(new ResponseCache(0).ticket('o')).toBeDefined();
  });
});

describe('ETag and If-None-Match', () => {
  it('is a quoted digest of the bytes: equal bodies equal tags, any change a new one', () => {
    expect(etagOf(Buffer.from('{"a":1}'))).toBe(etagOf(Buffer.from('{"a":1}')));
    expect(etagOf(Buffer.from('{"a":1}'))).not.toBe(etagOf(Buffer.from('{"a":2}')));
    expect(etagOf(Buffer.from('x'))).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it('matches the current tag, a list holding it, its weak form and *; nothing else', () => {
    const tag = '"abc"';
    expect(ifNoneMatchMatches('"abc"', tag)).toBe(true);
    expect(ifNoneMatchMatches('"x", "abc"', tag)).toBe(true);
    expect(ifNoneMatchMatches('W/"abc"', tag)).toBe(true);
    expect(ifNoneMatchMatches(' * ', tag)).toBe(true);
    expect(ifNoneMatchMatches(undefined, tag)).toBe(false);
    expect(ifNoneMatchMatches('abc', tag)).toBe(false);
    expect(ifNoneMatchMatches('"abcd"', tag)).toBe(false);
    expect(ifNoneMatchMatches('', tag)).toBe(false);
  });
});
