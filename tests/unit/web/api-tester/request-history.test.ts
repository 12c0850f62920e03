import { describe, expect, it } from 'vitest';
import {
  HISTORY_LIMIT,
  historyKey,
  readHistory,
  timeAgo,
  withEntry,
  writeHistory,
  type HistoryEntry,
} from '../../../../src/web/features/api-tester/lib/request-history';

function entry(n: number, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    at: n,
    operationId: 'listSellerWarehouses',
    method: 'GET',
    path: `/seller/warehouses?page=${n}`,
    status: 200,
    params: { page: String(n) },
    token: null,
    ...patch,
  };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('request history', () => {
  it('keeps the newest first and at most 50', () => {
    let entries: HistoryEntry[] = [];
    for (let n = 0; n < 60; n += 1) entries = withEntry(entries, entry(n));
    expect(entries).toHaveLength(HISTORY_LIMIT);
    expect(entries[0]?.at).toBe(59);
    expect(entries.at(-1)?.at).toBe(10);
  });

  it('is kept per user', () => {
    const storage = memoryStorage();
    const seller = historyKey({ email: 'Seller@example.com', userType: 'SELLER' });
    const other = historyKey({ email: 'seller2@example.com', userType: 'SELLER' });
    writeHistory(storage, seller, [entry(1)]);
    expect(readHistory(storage, seller)).toEqual([entry(1)]);
    expect(readHistory(storage, other)).toEqual([]);
    expect(seller).toBe(historyKey({ email: 'seller@example.com', userType: 'SELLER' }));
  });

  it('never stores a token value, even one handed to it', () => {
    const storage = memoryStorage();
    const key = historyKey({ email: 'a@example.com', userType: 'SELLER' });
    const sneaky = { ...entry(1), token: { title: 'ERP', createdDate: '2026-01-01T00:00:00Z', token: 'acme_s_secret' } } as HistoryEntry;
    writeHistory(storage, key, withEntry([], sneaky));
    expect(storage.items.get(key)).not.toContain('acme_s_secret');
    expect(readHistory(storage, key)[0]?.token).toEqual({ title: 'ERP', createdDate: '2026-01-01T00:00:00Z' });
  });

  it('reads broken or foreign data as an empty list, and clearing removes the key', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(readHistory(storage, 'k')).toEqual([]);
    storage.setItem('k', JSON.stringify([{ at: 'x' }, entry(2)]));
    expect(readHistory(storage, 'k')).toEqual([entry(2)]);
    writeHistory(storage, 'k', []);
    expect(storage.items.has('k')).toBe(false);
  });

  it('says how long ago', () => {
    expect(timeAgo(0, 30_000)).toBe('just now');
    expect(timeAgo(0, 5 * 60_000)).toBe('5 min ago');
    expect(timeAgo(0, 3 * 3_600_000)).toBe('3 h ago');
    expect(timeAgo(0, 2 * 86_400_000)).toBe('2 d ago');
  });
});
