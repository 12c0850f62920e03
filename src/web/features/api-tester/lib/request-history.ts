/**
 * The last requests a user sent from this browser, kept in localStorage under a key of their own (so
 * another account on the same browser sees its own list). An entry keeps the chosen token's title and
 * creation date, by which it is found again among the user's tokens: never a token value, and nothing at
 * all of a pasted token.
 */

export const HISTORY_LIMIT = 50;

export interface HistoryToken {
  title: string;
  /** The token's identity: the API gives tokens no other id than their (secret) value. */
  createdDate: string;
}

export interface HistoryEntry {
  /** Epoch ms when it was sent. */
  at: number;
  operationId: string;
  method: 'GET';
  /** As sent, without host: `/seller/orders/normal?page=2&size=10`. */
  path: string;
  /** null when no response came back (network error). */
  status: number | null;
  id: string;
  page: number;
  size: number;
  token: HistoryToken | null;
}

export interface HistoryOwner {
  email: string;
  userType: string;
}

export function historyKey(owner: HistoryOwner): string {
  return `api-test-history:v1:${owner.userType.toLowerCase()}:${owner.email.toLowerCase()}`;
}

function isEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const token = entry.token as Record<string, unknown> | null | undefined;
  return (
    typeof entry.at === 'number' &&
    typeof entry.operationId === 'string' &&
    entry.method === 'GET' &&
    typeof entry.path === 'string' &&
    (entry.status === null || typeof entry.status === 'number') &&
    typeof entry.id === 'string' &&
    typeof entry.page === 'number' &&
    typeof entry.size === 'number' &&
    (token === null || (typeof token === 'object' && typeof token?.title === 'string' && typeof token.createdDate === 'string'))
  );
}

/** Only the fields an entry has: a stray field (a value put there by older code or by hand) is dropped. */
function clean(entry: HistoryEntry): HistoryEntry {
  const { at, operationId, method, path, status, id, page, size, token } = entry;
  return { at, operationId, method, path, status, id, page, size, token: token ? { title: token.title, createdDate: token.createdDate } : null };
}

export function readHistory(storage: Pick<Storage, 'getItem'>, key: string): HistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry).map(clean).slice(0, HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Newest first, at most HISTORY_LIMIT. */
export function withEntry(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [clean(entry), ...entries].slice(0, HISTORY_LIMIT);
}

export function writeHistory(storage: Pick<Storage, 'setItem' | 'removeItem'>, key: string, entries: readonly HistoryEntry[]): void {
  try {
    if (entries.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(entries.map(clean)));
  } catch {
    // Storage full or disabled (private mode): history is a convenience, the call itself went through.
  }
}

/** "just now", "5 min ago", "3 h ago", "2 d ago". */
export function timeAgo(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}
